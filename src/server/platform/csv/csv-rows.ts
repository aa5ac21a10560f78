import { parse } from 'csv-parse/sync';

export interface CsvRow {
  cells: string[];
  /** The line of the file the row ends on, for the operator's report. */
  line: number;
}

export interface ImportProblem {
  line: number;
  error: string;
}

/**
 * An operator's CSV as rows with their line numbers, the header (first cell `headerFirstCell`)
 * left out. A broken quote spoils one record, not the file: it becomes a problem at its line.
 */
export function readCsvRows(csv: string, headerFirstCell: string): { rows: CsvRow[]; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const records = parse(csv, {
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    info: true,
    skip_records_with_error: true,
    on_skip: (err) => {
      problems.push({ line: Number(err?.lines ?? 0), error: err?.message ?? 'unreadable row' });
    },
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const rows = records
    .filter(({ record }, index) => !(index === 0 && record[0]?.toLowerCase() === headerFirstCell))
    .map(({ record, info }) => ({ cells: record, line: info.lines }));
  return { rows, problems };
}

/** What an operator's import did: rows kept, and every skipped row with its reason. */
export interface ImportResult {
  imported: number;
  problems: ImportProblem[];
}

export const byLine = (problems: ImportProblem[]) => problems.sort((a, b) => a.line - b.line);
