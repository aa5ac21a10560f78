import type { Measure } from '../../shared/api/premium';
import { pdfText } from './format';
import type { Theme } from './layout';
import type { Cell, Column } from './table';

/** A measure's name as the owner reads it; a custom measure with no name is still named. */
export const measureName = (m: Pick<Measure, 'name' | 'code'>): string => pdfText(m.name) || pdfText(m.code) || 'Improvement';

/** A step's place in the order the work is best done, in the brand's ink so the eye runs down the steps. */
export const stepNumberCell = (theme: Theme, index: number): Cell => ({ text: String(index + 1), bold: true, colour: theme.brandInk });

/** The two columns every table of improvements opens with, filled by `stepCells`. */
export const STEP_COLUMNS: readonly Column[] = [
  { header: 'Step', width: 32, align: 'center' },
  { header: 'Improvement', width: 0 },
];

export const stepCells = (theme: Theme, m: Pick<Measure, 'name' | 'code'>, index: number): Cell[] => [
  stepNumberCell(theme, index),
  { text: measureName(m) },
];
