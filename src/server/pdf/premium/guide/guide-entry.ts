/**
 * One kind of improvement explained for an owner, in our own words: what it is, what the work
 * involves, what it typically costs in the UK and what it changes. Costs are broad installed
 * prices for a typical house; the survey's own figure for the home is shown beside them.
 */
export interface GuideEntry {
  /** The kind of work, e.g. 'Loft insulation'. */
  title: string;
  what: string;
  involves: string;
  cost: string;
  changes: string;
}
