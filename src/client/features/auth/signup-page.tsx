import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PRODUCT_NAME, ROLES_WITH_SCHEME, type Role } from '../../../shared/constants';
import { normaliseInviteCode } from '../../../shared/rules/invite-code';
import { signupProblems } from '../../../shared/rules/signup';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { useSignupMutation } from './api';
import { usePublishedPolicies } from '../../lib/published-policies';
import { PublicLayout } from './public-layout';
import { SignupFields, type SignupForm, type SignupKey } from './signup-fields';
import type { ConfirmLocationState } from './confirm-page';

const EMPTY: SignupForm = {
  inviteCode: '',
  email: '',
  phone: '',
  name: '',
  role: '',
  scheme: '',
  password: '',
  passwordConfirm: '',
  termsAgree: false,
  newsletterOptIn: false,
};
const FIELD_KEYS = Object.keys(EMPTY) as SignupKey[];
const CORRECT_ABOVE = 'Please correct the issues above';

type Errors = Partial<Record<SignupKey, string>>;

/** Only the errors that belong beside a field of this form; anything else is a general error. */
function byField(errors: Record<string, string>): Errors {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => (FIELD_KEYS as string[]).includes(k)));
}

export default function SignupPage() {
  const [form, setForm] = useState<SignupForm>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState('');
  const [signup, { isLoading }] = useSignupMutation();
  const navigate = useNavigate();
  const showScheme = ROLES_WITH_SCHEME.includes(form.role as Role);
  const termsPublished = usePublishedPolicies()?.terms ?? false;

  function change<K extends SignupKey>(key: K, value: SignupForm[K]) {
    setForm((f) => ({ ...f, [key]: value }));
    if (key === 'inviteCode') setErrors(({ inviteCode: _cleared, ...rest }) => rest);
  }

  function showErrors(found: Errors) {
    setErrors(found);
    setStatus(CORRECT_ABOVE);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { ...form, inviteCode: normaliseInviteCode(form.inviteCode), scheme: showScheme ? form.scheme : '' };
    // The server applies the same rules; checking here first saves a round trip for what is plainly wrong.
    const problems = signupProblems(body, { termsPublished });
    if (problems.length) return showErrors(byField(Object.fromEntries(problems.map((p) => [p.key, p.error]))));
    setErrors({});
    setStatus('');
    try {
      const { email } = await signup(body).unwrap();
      void navigate('/confirm', { state: { email } satisfies ConfirmLocationState });
    } catch (err) {
      const found = byField(fieldErrors(err));
      if (Object.keys(found).length) showErrors(found);
      else setStatus(errorMessage(err));
    }
  }

  return (
    <PublicLayout>
      <section className="auth-card" aria-labelledby="signup-heading">
        <h1 id="signup-heading">Register with {PRODUCT_NAME}</h1>
        <p>Registration is by invitation: enter the invite code you were given along with your details.</p>
        <form onSubmit={(event) => void submit(event)} aria-labelledby="signup-heading">
          <SignupFields form={form} errors={errors} showScheme={showScheme} termsPublished={termsPublished} onChange={change} />
          <div className="auth-actions">
            <button type="submit" className="auth-button" disabled={isLoading}>
              Register
            </button>
            <p role="status" className={status && !isLoading ? 'auth-error' : undefined}>
              {isLoading ? 'Working' : status}
            </p>
          </div>
        </form>
        <div className="auth-links">
          <p>
            Already registered? <Link to="/">Back to login</Link>
          </p>
        </div>
      </section>
    </PublicLayout>
  );
}
