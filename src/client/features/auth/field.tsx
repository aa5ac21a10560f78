import { useId, type ReactNode } from 'react';

/** What a field's control needs to be tied to its label, help and error for assistive technology. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  help?: ReactNode;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its help text and, when the server or the rules refused it, its error beside it. */
export function Field({ label, help, error, children }: FieldProps) {
  const id = useId();
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'auth-field invalid' : 'auth-field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {help && (
        <p id={helpId} className="auth-help">
          {help}
        </p>
      )}
      {error && (
        <p id={errorId} className="auth-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
