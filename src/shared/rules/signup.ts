import { ALLOWED_ROLES, ROLES_WITH_SCHEME, SCHEMES, type Role } from '../constants';
import type { FieldError } from '../api/define';
import { passwordProblem } from './password';

export interface SignupFields {
  inviteCode: string;
  email: string;
  phone?: string;
  name: string;
  role: string;
  scheme?: string;
  password: string;
  passwordConfirm: string;
  termsAgree: boolean;
}

/**
 * One '@' with something before it, a dot inside the part after it and no blanks anywhere:
 * checked by scanning, as the usual pattern for it backtracks quadratically on long input.
 */
export function isEmail(s: string): boolean {
  const at = s.indexOf('@');
  if (at < 1 || at !== s.lastIndexOf('@') || /\s/.test(s)) return false;
  const domain = s.slice(at + 1);
  return domain.length >= 3 && domain.lastIndexOf('.', domain.length - 2) >= 1;
}
const PHONE_PATTERN = /^[0-9 +()-]{6,30}$/;
export const isPhone = (s: string) => PHONE_PATTERN.test(s);

/**
 * The sign-up field rules; each problem is keyed by the field it belongs beside. Agreeing to the
 * terms is asked only while there are terms (a fresh installation has none until the operator publishes them).
 */
export function signupProblems(f: SignupFields, { termsPublished = true }: { termsPublished?: boolean } = {}): FieldError[] {
  const errors: FieldError[] = [];
  const add = (key: keyof SignupFields, error: string) => errors.push({ key, error });
  if (!f.inviteCode.trim()) add('inviteCode', 'Please enter your invite code');
  if (!f.email.trim()) add('email', 'Please enter your email address');
  else if (!isEmail(f.email.trim())) add('email', 'Please enter a valid email address');
  if (f.phone && f.phone.trim() && !isPhone(f.phone.trim())) add('phone', 'Please enter a valid phone number');
  if (!f.name.trim()) add('name', 'Please enter your full name');
  if (!(ALLOWED_ROLES as readonly string[]).includes(f.role)) add('role', 'Please choose your role');
  else if (ROLES_WITH_SCHEME.includes(f.role as Role) && !(SCHEMES as readonly string[]).includes(f.scheme ?? '')) {
    add('scheme', 'Please choose your accreditation scheme');
  }
  const pw = passwordProblem(f.password);
  if (pw) add('password', pw);
  if (f.password !== f.passwordConfirm) add('passwordConfirm', 'Passwords do not match');
  if (termsPublished && !f.termsAgree) add('termsAgree', 'You must agree to the terms and conditions');
  return errors;
}
