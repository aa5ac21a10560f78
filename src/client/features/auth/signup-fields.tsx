import type { ReactNode } from 'react';
import {
  ALLOWED_ROLES,
  INVITE_CODE_PLACEHOLDER,
  PASSWORD_HINT,
  PASSWORD_MIN_LENGTH,
  PRODUCT_NAME,
  ROLE_LABELS,
  SCHEMES,
} from '../../../shared/constants';
import { LEGAL_PATHS } from '../../../shared/links';
import { FormField } from '../../components/form-field';
import { SCHEME_LABELS } from './labels';

export interface SignupForm {
  inviteCode: string;
  email: string;
  phone: string;
  name: string;
  role: string;
  scheme: string;
  password: string;
  passwordConfirm: string;
  termsAgree: boolean;
  newsletterOptIn: boolean;
}
export type SignupKey = keyof SignupForm;

interface Props {
  form: SignupForm;
  errors: Partial<Record<SignupKey, string>>;
  showScheme: boolean;
  /** Whether the operator has published terms: until then there are none to agree to, and no link to an empty page. */
  termsPublished: boolean;
  onChange: <K extends SignupKey>(key: K, value: SignupForm[K]) => void;
}

function CheckField(props: {
  label: ReactNode;
  checked: boolean;
  required?: boolean;
  error?: string;
  name: string;
  onChange: (v: boolean) => void;
}) {
  const errorId = props.error ? `signup-${props.name}-error` : undefined;
  return (
    <div className={props.error ? 'auth-field invalid' : 'auth-field'}>
      <label className="auth-check">
        <input
          type="checkbox"
          name={props.name}
          checked={props.checked}
          required={props.required}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={errorId}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <span>{props.label}</span>
      </label>
      {props.error && (
        <p id={errorId} className="form-error">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** Every sign-up field, each with its server or rule error beside it. */
export function SignupFields({ form, errors, showScheme, termsPublished, onChange }: Props) {
  const text = (key: 'inviteCode' | 'email' | 'phone' | 'name' | 'password' | 'passwordConfirm') => ({
    name: key,
    value: form[key],
    onChange: (e: { target: { value: string } }) => onChange(key, e.target.value),
  });
  return (
    <>
      <FormField className="auth-field" label="Invite code" error={errors.inviteCode}>
        {(c) => (
          <input {...c} {...text('inviteCode')} required placeholder={INVITE_CODE_PLACEHOLDER} autoComplete="off" autoCapitalize="none" />
        )}
      </FormField>
      <FormField className="auth-field" label="Email" error={errors.email}>
        {(c) => <input {...c} {...text('email')} type="email" required autoComplete="email" />}
      </FormField>
      <FormField className="auth-field" label="Phone (optional)" error={errors.phone}>
        {(c) => <input {...c} {...text('phone')} type="tel" autoComplete="tel" />}
      </FormField>
      <FormField className="auth-field" label="Full name" error={errors.name}>
        {(c) => <input {...c} {...text('name')} required autoComplete="name" />}
      </FormField>
      <FormField className="auth-field" label="Role" error={errors.role}>
        {(c) => (
          <select {...c} name="role" required value={form.role} onChange={(e) => onChange('role', e.target.value)}>
            <option value="">Choose your role</option>
            {ALLOWED_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {showScheme && (
        <FormField className="auth-field" label="Accreditation scheme" error={errors.scheme}>
          {(c) => (
            <select {...c} name="scheme" required value={form.scheme} onChange={(e) => onChange('scheme', e.target.value)}>
              <option value="">Choose your scheme</option>
              {SCHEMES.map((s) => (
                <option key={s} value={s}>
                  {SCHEME_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField className="auth-field" label="Password" hint={PASSWORD_HINT} error={errors.password}>
        {(c) => <input {...c} {...text('password')} type="password" required minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" />}
      </FormField>
      <FormField className="auth-field" label="Confirm password" error={errors.passwordConfirm}>
        {(c) => <input {...c} {...text('passwordConfirm')} type="password" required autoComplete="new-password" />}
      </FormField>
      {/* The server's refusal shows it too: terms published since this page asked. */}
      {(termsPublished || errors.termsAgree) && (
        <CheckField
          name="termsAgree"
          required
          checked={form.termsAgree}
          error={errors.termsAgree}
          onChange={(v) => onChange('termsAgree', v)}
          label={
            <>
              I agree to the{' '}
              <a href={LEGAL_PATHS.terms} target="_blank" rel="noopener noreferrer">
                terms and conditions
              </a>
            </>
          }
        />
      )}
      <CheckField
        name="newsletterOptIn"
        checked={form.newsletterOptIn}
        onChange={(v) => onChange('newsletterOptIn', v)}
        label={`Send me news and offers from ${PRODUCT_NAME} by email`}
      />
    </>
  );
}
