/**
 * Words survey software leaves in a custom improvement's text when the assessor typed none of
 * their own ("Improvement desc" is one package's default). Shown to a homeowner they read as a
 * mistake, so the report names the step by its improvement number instead.
 */
const PLACEHOLDERS = new Set([
  'improvement desc',
  'improvement description',
  'description',
  'desc',
  'improvement',
  'text',
  'test',
  'tbc',
  'tbd',
  'todo',
  'n/a',
  'na',
  'none',
  'xxx',
  'xx',
  'x',
  '-',
  '--',
  '...',
  '.',
  'lorem ipsum',
]);

/** True for empty text and for the placeholders above, whatever their case, spacing or trailing dots. */
export function isPlaceholderText(text: string | null | undefined): boolean {
  const plain = (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (plain === '') return true;
  if (plain.length > 40) return false;
  let end = plain.length;
  while (end > 1 && (plain[end - 1] === '.' || plain[end - 1] === ':')) end -= 1;
  return PLACEHOLDERS.has(plain) || PLACEHOLDERS.has(plain.slice(0, end)) || plain.startsWith('lorem ipsum');
}
