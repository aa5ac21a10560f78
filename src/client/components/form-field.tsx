import { useId, type ReactNode } from 'react';

/** What a field's control needs to be tied to its label, hint and error for assistive technology. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** Help shown under the control and read out with it. */
  hint?: ReactNode;
  /** The server's or the rules' message, shown beside the field; marks it invalid. */
  error?: string;
  /** The form's own look (e.g. auth-field); the structure and the wiring are the same everywhere. */
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its hint and, when the server or the rules refused it, its error beside it. */
export function FormField({ label, hint, error, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['form-field', className, error ? 'invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
