import { formatPoundRange } from '../../../../shared/money';

/**
 * What a kind of improvement typically costs across UK homes: a range of installed prices in pence
 * where one can be given, written by the report's one range format, and a note that follows it
 * ("for a professional job across a house"); where no range can be given, the note says it all.
 */
export type GuideCost = { lowPence: number; highPence: number; note: string } | { note: string };

/**
 * One kind of improvement explained for an owner, in our own words: what it is, what the work
 * involves, what it typically costs in the UK and what it changes. Costs are broad installed
 * prices for a typical house, shown only where the survey gives no figure for the home.
 */
export interface GuideEntry {
  /** The kind of work, e.g. 'Loft insulation'. */
  title: string;
  what: string;
  involves: string;
  cost: GuideCost;
  changes: string;
}

/** The typical cost as a sentence: "Typically £100 – £400 for a professional job across a house; ...". */
export function typicalCostText(cost: GuideCost): string {
  if (!('lowPence' in cost)) return cost.note;
  const range = `Typically ${formatPoundRange(cost.lowPence, cost.highPence)}`;
  const note = cost.note.trim();
  if (!note) return `${range}.`;
  // A note that opens with a comma or semicolon carries on the sentence; any other starts a new phrase.
  return /^[,;]/.test(note) ? `${range}${note}` : `${range} ${note}`;
}
