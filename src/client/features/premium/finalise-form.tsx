import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRIORITY_LABELS } from '../../../shared/constants';
import { leadingPlanFirst, leadingPlanId } from '../../../shared/rules/leading-plan';
import { remarksState } from '../../../shared/rules/remarks';
import { PLAN_ID } from '../../../shared/states';
import { errorMessage } from '../../lib/errors';
import { InlineAlert } from '../../components/inline-alert';
import { useFinaliseReportMutation, type UnprocessedReport } from './api';
import { useSubmissionKey } from '../../lib/idempotent-call';
import { CustomPlan } from './custom-plan';
import { MeasuresTable } from './measures-table';
import { adjustedByCode, fieldsValid, mergeIdentical, stepsOf } from './plan-maths';
import { LettingNote, namesText, PlansSection, type PlanChoice } from './plans-section';
import { RemarksField } from './remarks-field';
import { useFinaliseDraft } from './use-finalise-draft';

const FINALISE_FAILED = 'Something went wrong, try again or speak to support.';
const CUSTOM_NAME_MISSING = 'Give your custom plan a name.';

/** What the Premium list says after a finalise, carried in the navigation's state. */
export interface FinalisedState {
  finalised: string;
  /** The server's word: the owner bought it and is emailed their link once the PDF is ready. */
  ownerEmailedWhenReady: boolean;
}

/** What the plans are chosen for: the owner's priority, and the plan answering it. */
function PriorityBanner({ report, choices }: { report: UnprocessedReport; choices: PlanChoice[] }) {
  const leading = choices.find((choice) => choice.leads);
  return (
    <div className="premium-priority" role="note" aria-label="The owner's priority">
      {report.priority ? (
        <p>
          <strong>The owner&apos;s priority:</strong> {PRIORITY_LABELS[report.priority]}
          {leading ? <span className="premium-priority-plan"> — {namesText(leading.names, true)} answers it.</span> : null}
        </p>
      ) : (
        <p>
          <strong>No owner&apos;s priority:</strong> you bought this report, so the plans are in their usual order.
        </p>
      )}
    </div>
  );
}

/** The finalise screen once its report has loaded: priority, measures, plans, custom plan, remarks, Finalise. */
export function FinaliseForm({ reportId, report }: { reportId: number; report: UnprocessedReport }) {
  const navigate = useNavigate();
  const [finalise, { isLoading }] = useFinaliseReportMutation();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  const { draft, editMeasure, includePlans, switchCustomPlan, nameCustomPlan, chooseCustomPlan, writeRemarks, finish } = useFinaliseDraft(
    reportId,
    report,
  );
  const start = { epc: report.epcStart, eir: report.eirStart };

  // Every plan counts a measure the same way: the survey's figures with the assessor's corrections.
  const byCode = adjustedByCode(report.measures, draft.fields);
  const leadingId = leadingPlanId(report.priority);
  const plans = leadingPlanFirst(report.plans, report.priority).map((plan) => ({
    ...plan,
    data: { measures: stepsOf(plan.data.measures, byCode, start) },
  }));
  const choices: PlanChoice[] = mergeIdentical(plans).map((same) => ({
    ids: same.map((plan) => plan.id),
    names: same.map((plan) => plan.name),
    steps: same[0].data.measures,
    leads: same.some((plan) => plan.id === leadingId),
  }));
  // The server's list of what a custom plan may hold; any of the report's measures when it names none.
  const options = report.customPlanMeasures.length
    ? report.measures.filter((m) => report.customPlanMeasures.includes(m.code))
    : report.measures;
  const customSteps = stepsOf(
    report.measures.filter((m) => draft.customCodes.includes(m.code)),
    byCode,
    start,
  );
  const customName = draft.customName.trim();
  const included = plans.filter((plan) => !draft.excludedPlans.includes(plan.id));

  const problems: string[] = [];
  if (!Object.values(draft.fields).every(fieldsValid)) problems.push('Correct the points marked above: whole numbers only.');
  if (draft.customOn && !customName) problems.push(CUSTOM_NAME_MISSING);
  if (draft.customOn && customSteps.length === 0) problems.push('Choose the measures of your custom plan, or switch it off.');
  // With nothing to plan (no measures, so no plans offered) the server finalises with remarks alone.
  if (!draft.customOn && plans.length > 0 && included.length === 0) problems.push('Include at least one plan.');
  if (remarksState(draft.remarks) === 'over') problems.push('Shorten your remarks: they are over the length limit.');

  const submit = async () => {
    setFailure(null);
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
      setFailure(`${FINALISE_FAILED} ${errorMessage(result.error)}`);
      return;
    }
    submission.succeeded();
    finish();
    const state: FinalisedState = { finalised: report.name, ownerEmailedWhenReady: result.data.owner_emailed_when_ready };
    await navigate('/premium', { state });
  };

  return (
    <>
      <PriorityBanner report={report} choices={choices} />
      {report.letting ? <LettingNote letting={report.letting} measures={report.measures} /> : null}
      <MeasuresTable
        measures={report.measures}
        adjusted={report.measures.map((m) => byCode.get(m.code) ?? m)}
        fields={draft.fields}
        start={start}
        onChange={editMeasure}
      />
      {report.measures.length === 0 ? null : (
        <PlansSection
          choices={choices}
          start={start}
          excluded={draft.excludedPlans}
          onInclude={includePlans}
          custom={
            <CustomPlan
              on={draft.customOn}
              name={draft.customName}
              options={options}
              chosen={draft.customCodes}
              steps={customSteps}
              limit={report.customPlanMeasuresLimit}
              nameError={customName ? undefined : CUSTOM_NAME_MISSING}
              onToggle={switchCustomPlan}
              onName={nameCustomPlan}
              onChoose={chooseCustomPlan}
            />
          }
        />
      )}
      <div className="premium-finish">
        <RemarksField value={draft.remarks} onChange={writeRemarks} />
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
          <InlineAlert message={failure} />
        </div>
      </div>
    </>
  );
}
