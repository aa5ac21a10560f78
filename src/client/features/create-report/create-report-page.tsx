import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../lib/errors';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { Spinner } from '../../components/spinner';
import { useDisplayVarsQuery } from '../session';
import { useCreateReportMutation } from './api';
import { useSubmissionKey } from '../../lib/idempotent-call';
import { BrandingStep } from './branding-step';
import { CouncilTaxStep } from './council-tax-step';
import { PaymentStep } from './payment-step';
import { ReportTypeStep } from './report-type-step';
import { reportRequest } from './report-request';
import { ShareScreen, type CreatedReport } from './share-screen';
import { nextStep, stepsFor, visibleStep } from './steps';
import { UploadStep } from './upload-step';
import { WizardStepsBar } from './wizard-steps-bar';
import { ResumePanel } from './resume-panel';
import {
  brandingChosen,
  reportInProgress,
  reportTypeChosen,
  stepChosen,
  wizardCleared,
  wizardEntered,
  wizardLeft,
  type ReportType,
} from './wizard-slice';
import './create-report.css';

const PRESETS: readonly ReportType[] = ['preliminary', 'premium'];
const isPreset = (value: string | undefined): value is ReportType => PRESETS.includes(value as ReportType);

/**
 * The Create Report wizard (/uploadXml, /uploadXml/preliminary, /uploadXml/premium). Its state is
 * the persisted wizard slice, so a reload resumes it. The created report travels in the history
 * entry's state rather than the slice: the wizard is cleared for the next report, a reload still
 * shows the share screen, and opening Create Report again starts afresh.
 */
export default function CreateReportPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { presetReportType } = useParams();
  const wizard = useAppSelector((state) => state.wizard);
  const { data: vars, isLoading: varsLoading } = useDisplayVarsQuery();
  const [create] = useCreateReportMutation();
  const submission = useSubmissionKey();
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const created = (location.state as { created?: CreatedReport } | null)?.created;
  // Read once, as the page opens: coming back from elsewhere to a report half made asks first. A
  // purchase under way has its own screens, and one that is done was left behind on purpose.
  const [resuming, setResuming] = useState(() => (wizard.left && !wizard.purchase && !created ? reportInProgress(wizard) : null));
  const [leftAfterPurchase] = useState(() => wizard.left && wizard.purchase?.stage === 'done');

  useEffect(() => {
    if (leftAfterPurchase) dispatch(wizardCleared());
    dispatch(wizardEntered());
    return () => {
      dispatch(wizardLeft());
    };
  }, [dispatch, leftAfterPurchase]);

  // Run when the address changes, not when the type does: the user may still switch type on the
  // Report Type step while the address names the other one.
  useEffect(() => {
    if (isPreset(presetReportType) && !created) dispatch(reportTypeChosen(presetReportType));
  }, [dispatch, presetReportType, created]);

  const context = { elmhurst: vars?.scheme === 'elmhurst', premium: wizard.reportType === 'premium' };
  const steps = stepsFor(context);
  const step = visibleStep(wizard.step, context);
  const goNext = () => {
    const next = nextStep(step, context);
    if (next) dispatch(stepChosen(next));
  };

  const pickBranding = async (brandingId: string) => {
    dispatch(brandingChosen(brandingId));
    setCreateError(null);
    if (wizard.reportType === 'premium') {
      goNext();
      return;
    }
    setCreating(true);
    const result = await create(submission.keyed(reportRequest(wizard, brandingId, context.elmhurst)));
    setCreating(false);
    if (result.error) {
      setCreateError(errorMessage(result.error));
      return;
    }
    submission.succeeded();
    void navigate(location.pathname, { replace: true, state: { created: result.data } });
    dispatch(wizardCleared());
  };

  const startNew = () => {
    dispatch(wizardCleared());
    if (isPreset(presetReportType)) dispatch(reportTypeChosen(presetReportType));
    setResuming(null);
  };

  let body;
  if (created) body = <ShareScreen created={created} />;
  else if (resuming) body = <ResumePanel report={resuming} onContinue={() => setResuming(null)} onStartNew={startNew} />;
  // The RdSAP step depends on the user's scheme: wait for it rather than show steps that then change.
  else if (varsLoading) body = <Spinner />;
  else {
    const credits = vars?.pcc ?? 0;
    body = (
      <>
        {/* Once paid for, the report is made: there is no going back to change its files. */}
        {wizard.purchase && wizard.purchase.stage !== 'card' ? null : (
          <WizardStepsBar steps={steps} current={step} onGoBack={(s) => dispatch(stepChosen(s))} />
        )}
        {step === 'selectType' ? <ReportTypeStep credits={credits} onNext={goNext} /> : null}
        {step === 'uploadLig' ? <UploadStep which="A" onNext={goNext} /> : null}
        {step === 'uploadRdSAP' ? <UploadStep which="B" onNext={goNext} /> : null}
        {step === 'cTax' ? <CouncilTaxStep /> : null}
        {step === 'branding' ? (
          <BrandingStep onPick={(brandingId) => void pickBranding(brandingId)} creating={creating} error={createError} />
        ) : null}
        {step === 'paymentOptions' ? (
          <PaymentStep credits={credits} cardPayments={vars?.card_payments ?? false} elmhurst={context.elmhurst} />
        ) : null}
      </>
    );
  }

  return (
    <div className="create-report">
      <h1>Create Report</h1>
      {body}
    </div>
  );
}
