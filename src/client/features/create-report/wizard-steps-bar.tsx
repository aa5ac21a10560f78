import { STEP_LABELS, type WizardStep } from './steps';

interface Props {
  steps: WizardStep[];
  current: WizardStep;
  onGoBack: (step: WizardStep) => void;
}

/** Where the user is in the wizard; the steps already done are buttons that go back to them. */
export function WizardStepsBar({ steps, current, onGoBack }: Props) {
  const at = steps.indexOf(current);
  return (
    <nav className="wizard-steps" aria-label="Create Report steps">
      <ol>
        {steps.map((step, i) => {
          const label = STEP_LABELS[step];
          if (i < at) {
            return (
              <li key={step} className="done">
                <button type="button" onClick={() => onGoBack(step)}>
                  <span aria-hidden="true">✓ </span>
                  {label}
                  <span className="visually-hidden"> (done, go back)</span>
                </button>
              </li>
            );
          }
          return (
            <li key={step} className={i === at ? 'current' : 'todo'} aria-current={i === at ? 'step' : undefined}>
              <span>{label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
