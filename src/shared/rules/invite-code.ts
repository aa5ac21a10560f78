/** Invite codes are shown as xxxxx-xxxxx; before sending, dashes are stripped and the code lower-cased. */
export function normaliseInviteCode(code: string): string {
  return code.replace(/-/g, '').trim().toLowerCase();
}

export function formatInviteCode(code: string): string {
  const c = normaliseInviteCode(code);
  return `${c.slice(0, 5)}-${c.slice(5)}`;
}
