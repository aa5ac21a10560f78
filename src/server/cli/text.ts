/**
 * What the operator's terminal is shown. Names, emails and messages come from users and CSV files:
 * a control character in one (an escape sequence, a carriage return) could rewrite the screen or
 * hide a line, so each is printed escaped as \xNN (\t, \n, \r by name).
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code === 9) out += '\\t';
    else if (code === 10) out += '\\n';
    else if (code === 13) out += '\\r';
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out;
}

/** One line for the operator. */
export const say = (line: string) => console.log(printable(line));

/** One tab-separated row for the operator, each field escaped on its own. */
export const row = (fields: (string | number)[]) => console.log(fields.map((f) => printable(String(f))).join('\t'));
