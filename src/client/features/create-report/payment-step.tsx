import { useId } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { reportTypeChosen, stepChosen } from './wizard-slice';

/**
 * Premium reports are paid for by card or with a free credit. Both arrive with the payments
 * release; until then this says so plainly instead of showing a form that cannot work.
 */
export function PaymentStep({ credits }: { credits: number }) {
  const dispatch = useAppDispatch();
  const id = useId();
  return (
    <section className="wizard-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Payment</h2>
      <p className="wizard-notice" role="note">
        Buying a Premium Report, by card or with one of your free premium credits, comes with the payments release. It is not available yet,
        and nothing has been charged.
      </p>
      <p>
        You have {credits} free premium {credits === 1 ? 'credit' : 'credits'}; they will be here for you when it arrives. Meanwhile you can
        create a free Preliminary Report from the same files.
      </p>
      <div className="wizard-actions">
        <button
          type="button"
          className="primary"
          onClick={() => {
            dispatch(reportTypeChosen('preliminary'));
            dispatch(stepChosen('branding'));
          }}
        >
          Create a Preliminary Report instead
        </button>
      </div>
    </section>
  );
}
