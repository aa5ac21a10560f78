import { PASSWORD_MIN_LENGTH } from '../constants';

/** 8 or more characters including one number or symbol; returns the problem, or null when it passes. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (!/[^A-Za-z]/.test(password)) return 'Password must include at least one number or symbol';
  return null;
}
