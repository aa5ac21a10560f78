/**
 * CSV as spreadsheets read it (RFC 4180): every cell quoted, quotes doubled, CRLF line ends.
 * A text cell that begins with = + - @ or a tab is a formula to Excel and LibreOffice; an address
 * or a name is user input, so such a cell is given a leading apostrophe and stays text.
 * Numbers are written as they are (a negative amount is a number, not a formula).
 */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}
