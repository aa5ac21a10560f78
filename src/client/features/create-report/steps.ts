/**
 * The wizard's steps, in the order the wizard shows them. The council tax step covers
 * both the address list and the manual band pick.
 */
const STEPS = ['selectType', 'uploadLig', 'uploadRdSAP', 'cTax', 'branding', 'paymentOptions'] as const;
export type WizardStep = (typeof STEPS)[number];

export const STEP_LABELS: Record<WizardStep, string> = {
  selectType: 'Report Type',
  uploadLig: 'LIG',
  uploadRdSAP: 'RdSAP',
  cTax: 'Council Tax',
  branding: 'Branding',
  paymentOptions: 'Payment',
};

export interface StepContext {
  /** The RdSAP survey file is asked for only from Elmhurst members. */
  elmhurst: boolean;
  premium: boolean;
}

/** The steps this user walks through for this report type, in order. */
export function stepsFor({ elmhurst, premium }: StepContext): WizardStep[] {
  return STEPS.filter((step) => (step === 'uploadRdSAP' ? elmhurst : step === 'paymentOptions' ? premium : true));
}

/** The step after this one, or null at the end. */
export function nextStep(step: WizardStep, context: StepContext): WizardStep | null {
  const steps = stepsFor(context);
  const at = steps.indexOf(step);
  return at >= 0 && at < steps.length - 1 ? steps[at + 1] : null;
}

/**
 * The step to show. A stored step that no longer applies (the scheme changed, the report type
 * changed to Preliminary while on Payment) falls back to the last step before it that does.
 */
export function visibleStep(step: WizardStep, context: StepContext): WizardStep {
  const steps = stepsFor(context);
  if (steps.includes(step)) return step;
  const order = STEPS.indexOf(step);
  return [...steps].reverse().find((s) => STEPS.indexOf(s) < order) ?? steps[0];
}
