import type { FundingReport } from '../funding/funding-report';
import { loanText } from '../funding/eligibility';
import type { PlanFunding } from '../funding/plan-funding';
import { longDate, poundRange, type SchemeSummary } from '../funding/summary';
import { pdfText } from './format';
import { CONTENT_WIDTH, ensureSpace, FONT, PAGE, paragraph, sectionHeading, subHeading, type DrawContext } from './layout';

function fundingHeadline(funding: FundingReport): string {
  if (funding.grants.high <= 0) return 'This home may be eligible for help towards these improvements from the schemes below.';
  const ends =
    funding.grants.low === funding.grants.high
      ? ''
      : ' The first figure is at the low end of their estimated costs, the second at the high end: a grant never pays more than the work costs.';
  return `This home may be eligible for up to ${poundRange(funding.grants)} in grants towards these improvements.${ends}`;
}

/** Why a loan or a VAT relief is not taken off any cost in the report. */
const LOAN_NOTE = 'A loan is repaid, so it is not taken off any cost in this report.';
const VAT_NOTE =
  "The survey's cost estimates do not say whether they include VAT, so this relief is not taken off them: ask your installer.";

/** What the scheme comes to for these measures, beside the rule's own amount. */
function schemeDetail(s: SchemeSummary): string {
  const parts = [`For: ${s.measures.join('; ')}.`];
  if (s.role === 'grant') {
    parts.push(
      s.grantPence.high > 0
        ? `For these measures: up to ${poundRange(s.grantPence)}, never more than the eligible work costs.`
        : 'No amount is worked out here: the survey gives no readable cost for these measures, or another grant already covers them.',
    );
  }
  parts.push(`${capitalise(s.condition)}.`);
  if (s.role === 'loan') parts.push(LOAN_NOTE);
  if (s.role === 'relief') parts.push(VAT_NOTE);
  if (s.caveat) parts.push(`Check: ${s.caveat}`);
  return pdfText(parts.join(' '));
}

/**
 * A short funding summary: per scheme, with where it applies, what it may pay (at both ends of
 * the costs for a grant), for which measures and on what condition, with its official page; and
 * for a rented home, the letting rules. Nothing here is a promise. The Preliminary and the
 * Premium draw the same section.
 */
export function drawFundingSummary(ctx: DrawContext, funding: FundingReport | null | undefined): void {
  if (!hasFundingSection(funding)) return;
  const { doc, theme } = ctx;
  const checked = funding.schemes[0]?.checkedOn;
  sectionHeading(
    ctx,
    'Help paying for the improvements',
    `${fundingHeadline(funding)} Schemes and rules in force on ${longDate(funding.onDate)}${checked ? `, last checked ${longDate(checked)}` : ''}. Each scheme decides for itself: nothing here is a promise.`,
  );
  for (const s of funding.schemes) {
    const detail = schemeDetail(s);
    doc.font(FONT.regular).fontSize(8.5);
    ensureSpace(ctx, 16 + doc.heightOfString(detail, { width: CONTENT_WIDTH }) + 14);
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(theme.ink)
      .text(pdfText(`${s.title}: ${s.amounts.join(', or ')}`), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(theme.ink)
      .text(detail, PAGE.margin, doc.y + 1, { width: CONTENT_WIDTH, lineGap: 1 });
    doc.fillColor(theme.brandInk).text(s.url, PAGE.margin, doc.y + 1, { width: CONTENT_WIDTH, link: s.url, underline: true });
    doc.y += 6;
  }
  if (funding.lettingLines.length > 0) {
    subHeading(ctx, 'If you let this home');
    for (const line of funding.lettingLines) paragraph(ctx, pdfText(line), { size: 8.5 });
  }
}

export const hasFundingSection = (funding: FundingReport | null | undefined): funding is FundingReport =>
  !!funding && (funding.schemes.length > 0 || funding.lettingLines.length > 0);

const titles = (schemes: readonly SchemeSummary[]) => schemes.map((s) => `the ${s.title}`).join(' and ');

/**
 * A plan's cost beside what it may cost after grants, at both ends: grants are never promised, so
 * 'possible' and 'if eligible'. Null when no grant with a set amount applies to its steps.
 */
export function afterGrantsText(funding: PlanFunding | null | undefined): string | null {
  if (!funding || funding.grants.high <= 0) return null;
  const from = titles(funding.grantSchemes.filter((s) => s.grantPence.high > 0));
  if (!funding.cost || !funding.after) {
    return `The home may be eligible for up to ${poundRange(funding.grants)} in grants towards this plan from ${from}; its cost after grants is not known, as a step has no cost estimate.`;
  }
  return `Cost after possible grants: ${poundRange(funding.after)} instead of ${poundRange(funding.cost)}, if the home is eligible for up to ${poundRange(funding.grants)} from ${from}.`;
}

/** The loans that may pay for a plan's steps: a way to spread the cost, never taken off it. */
export function loansText(funding: PlanFunding | null | undefined): string | null {
  if (!funding || funding.loans.length === 0) return null;
  const loans = funding.loans.map((l) => `the ${l.title} (${l.loan ? loanText(l.loan) : l.amounts.join(', or ')})`).join(', or ');
  return `You could ${funding.grants.high > 0 ? 'also ' : ''}spread the cost with ${loans}. ${LOAN_NOTE}`;
}

/**
 * Each plan's funding at both ends, one after another, for the Premium's funding section: the
 * plan's cost, the grants it may get, the cost after them, and the loans that may spread it.
 */
export function drawPlansFunding(ctx: DrawContext, plans: readonly { name: string; funding?: PlanFunding | null }[]): void {
  const withFunding = plans.filter((p) => p.funding && (p.funding.grants.high > 0 || p.funding.loans.length > 0));
  if (withFunding.length === 0) return;
  subHeading(ctx, 'What each plan may cost after grants');
  for (const plan of withFunding) {
    const lines = [afterGrantsText(plan.funding), loansText(plan.funding)].filter((l): l is string => l !== null);
    paragraph(ctx, pdfText(`${plan.name}: ${lines.join(' ')}`), { size: 8.5 });
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
