import { REMARKS } from '../constants';

/** Remarks length in lines: each newline-separated line counts ceil(length / 72), at least one. */
export function remarksLines(text: string): number {
  if (!text) return 0;
  return text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / REMARKS.charsPerLine)), 0);
}

export function remarksState(text: string): 'ok' | 'warn' | 'over' {
  const lines = remarksLines(text);
  if (lines >= REMARKS.blockAtLines) return 'over';
  if (lines > REMARKS.warnOverLines) return 'warn';
  return 'ok';
}
