import { useNavigate } from 'react-router-dom';
import type { Measure } from '../../../shared/api/reports';
import { leadingPlanFirst, leadingPlanId } from '../../../shared/rules/leading-plan';
import { remarksState } from '../../../shared/rules/remarks';
import { PLAN_ID } from '../../../shared/states';
import { errorMessage } from '../../app/errors';
import { useFinaliseReportMutation, type UnprocessedReport } from './api';
import { useSubmissionKey } from '../../app/idempotent-call';
import { CustomPlan } from './custom-plan';
import { MeasuresTable } from './measures-table';
import { applyAdjustments, fieldsValid, withRunningTotals } from './plan-maths';
import { LettingNote, PlansSection } from './plans-section';
import { RemarksField } from './remarks-field';
import { useFinaliseDraft } from './use-finalise-draft';

export const FINALISE_FAILED = 'Something went wrong, try again or speak to support.';
const CUSTOM_NAME_MISSING = 'Give your custom plan a name.';

/** What the Premium list says after a finalise, carried in the navigation's state. */
export interface FinalisedState {
  finalised: string;
  /** The server's word: the owner bought it and is emailed their link once the PDF is ready. */
  ownerEmailedWhenReady: boolean;
}

/** The finalise screen once its report has loaded: measures, plans, custom plan, remarks, Finalise. */
export function FinaliseForm({ reportId, report }: { reportId: number; report: UnprocessedReport }) {
  const navigate = useNavigate();
  const [finalise, { isLoading }] = useFinaliseReportMutation();
  const submission = useSubmissionKey();
  const { draft, update, finish } = useFinaliseDraft(reportId, report);
  const start = { epc: report.epcStart, eir: report.eirStart };

  const adjust = (measures: Measure[]) => withRunningTotals(applyAdjustments(measures, report.measures, draft.fields), start);
  const plans = leadingPlanFirst(report.plans, report.priority).map((plan) => ({
    ...plan,
    data: { measures: adjust(plan.data.measures) },
  }));
  // The server's list of what a custom plan may hold; any of the report's measures when it names none.
  const options = report.customPlanMeasures.length
    ? report.measures.filter((m) => report.customPlanMeasures.includes(m.code))
    : report.measures;
  // The survey's costs so far add up the survey's order, not the custom plan's: the server adds up the plan's own.
  const customSteps = adjust(report.measures.filter((m) => draft.customCodes.includes(m.code))).map((m) => ({ ...m, costTotal: '' }));
  const customName = draft.customName.trim();
  const included = plans.filter((plan) => !draft.excludedPlans.includes(plan.id));

  const problems: string[] = [];
  if (!Object.values(draft.fields).every(fieldsValid)) problems.push('Correct the points marked above: whole numbers only.');
  if (draft.customOn && !customName) problems.push(CUSTOM_NAME_MISSING);
  if (draft.customOn && customSteps.length === 0) problems.push('Choose the measures of your custom plan, or switch it off.');
  if (!draft.customOn && included.length === 0) problems.push('Include at least one plan.');
  if (remarksState(draft.remarks) === 'over') problems.push('Shorten your remarks: they are over the length limit.');

  const submit = async () => {
    const custom = draft.customOn
      ? [{ id: PLAN_ID.custom, name: customName, collect: 'EPC' as const, data: { measures: customSteps } }]
      : [];
    const result = await finalise(
      submission.keyed({
        report_id: reportId,
        plan_data: [...included, ...custom],
        customPlanName: draft.customOn ? customName : '',
        customRemarks: draft.remarks,
      }),
    );
    if (result.error) {
      window.alert(`${FINALISE_FAILED} ${errorMessage(result.error)}`);
      return;
    }
    submission.succeeded();
    finish();
    const state: FinalisedState = { finalised: report.name, ownerEmailedWhenReady: result.data.owner_emailed_when_ready };
    await navigate('/premium', { state });
  };

  return (
    <>
      <MeasuresTable
        measures={report.measures}
        fields={draft.fields}
        start={start}
        onChange={(code, fields) => update((d) => ({ fields: { ...d.fields, [code]: fields } }))}
      />
      <PlansSection
        plans={plans}
        start={start}
        priority={report.priority}
        leadingId={leadingPlanId(report.priority)}
        excluded={draft.excludedPlans}
        onInclude={(id, include) =>
          update((d) => ({ excludedPlans: include ? d.excludedPlans.filter((p) => p !== id) : [...d.excludedPlans, id] }))
        }
      />
      {report.letting ? <LettingNote letting={report.letting} measures={report.measures} /> : null}
      <CustomPlan
        on={draft.customOn}
        name={draft.customName}
        options={options}
        chosen={draft.customCodes}
        steps={customSteps}
        limit={report.customPlanMeasuresLimit}
        start={start}
        nameError={customName ? undefined : CUSTOM_NAME_MISSING}
        onToggle={(customOn) => update({ customOn })}
        onName={(name) => update({ customName: name })}
        onChoose={(customCodes) => update({ customCodes })}
      />
      <RemarksField value={draft.remarks} onChange={(remarks) => update({ remarks })} />
      <div className="premium-finalise">
        {problems.length ? (
          <div role="status">
            <p>Before you finalise:</p>
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <button type="button" className="primary" disabled={problems.length > 0 || isLoading} onClick={() => void submit()}>
          {isLoading ? 'Finalising...' : 'Finalise'}
        </button>
      </div>
    </>
  );
}
