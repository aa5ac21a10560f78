import type { Measure } from '../../../shared/api/premium';
import { sharedPaths } from '../../../shared/links';
import { formatPoundRange, parseCostRange } from '../../../shared/money';
import { pdfText } from '../format';
import { measureName } from '../improvement-steps';
import { CONTENT_WIDTH, factGrid, FONT, PAGE, paragraph, sectionHeading, subHeading } from '../layout';
import type { PremiumPlan } from '../premium-input';
import { guideFor, typicalCostText, type GuideEntry } from './guide/measure-guide';
import { drawKicker } from './kicker';
import { planName, signed } from './plan-facts';
import type { PremiumContext } from './premium-context';
import { costText } from './premium-money';

/** Every measure the report mentions, once: the survey's in sequence, then any only a plan has. */
function guidedMeasures(ctx: PremiumContext): Measure[] {
  const { measures, plans, customPlan } = ctx.input;
  const seen = new Set(measures.map((m) => m.code));
  const extra: Measure[] = [];
  for (const plan of [...plans, ...(customPlan ? [customPlan] : [])]) {
    for (const step of plan.steps) {
      if (!seen.has(step.code)) {
        seen.add(step.code);
        extra.push(step);
      }
    }
  }
  return [...measures, ...extra];
}

/** The owner's contractor picker for one measure, under their premium link. */
function contractorsUrl(premiumLinkUrl: string, code: string): string {
  let base = premiumLinkUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
  // The path after the origin is the one the shared-link router reads; built by the same helper.
  const marker = '/s/premium/';
  const at = base.indexOf(marker);
  if (at < 0) return `${base}/c/${encodeURIComponent(code)}`;
  return base.slice(0, at) + sharedPaths.contractors(base.slice(at + marker.length), code, 'premium');
}

/** A page for each measure: what it is, what the work involves, what it costs and what it changes. */
export function drawMeasureGuides(ctx: PremiumContext): void {
  const measures = guidedMeasures(ctx);
  measures.forEach((m, i) => drawGuidePage(ctx, m, `Improvement guide ${i + 1} of ${measures.length}`));
}

function inPlans(ctx: PremiumContext, code: string): string {
  const { plans, customPlan } = ctx.input;
  const mentions = [...plans, ...(customPlan ? [customPlan] : [])]
    .map((plan: PremiumPlan) => ({ plan, step: plan.steps.findIndex((s) => s.code === code) }))
    .filter(({ step }) => step >= 0)
    .map(({ plan, step }) => `${planName(plan)} (step ${step + 1})`);
  return mentions.length ? mentions.join('; ') : 'Not in a plan of this report';
}

/**
 * What the measure costs. Where the survey gives a cost for this home, that figure is the one
 * stated, so the page never sets a generic range against the home's own plan line; the typical
 * range across UK homes is given only where the survey has no readable cost.
 */
function costSection(lodgedCost: string, guide: GuideEntry): { title: string; text: string } {
  const surveyCost = parseCostRange(lodgedCost);
  if (surveyCost) {
    return {
      title: 'Cost for your home',
      text:
        `For your home the survey estimates ${formatPoundRange(surveyCost.low, surveyCost.high)}. ` +
        'Written quotes from two or three installers give a firm figure: prices vary with the home and the products chosen.',
    };
  }
  return { title: 'Typical cost', text: typicalCostText(guide.cost) };
}

/**
 * The measure's cost for this home as its plan lines show it (a plan step carries the assessor's
 * correction, if any, and every plan carries the same), else as the survey lodged it.
 */
function homeCost(ctx: PremiumContext, m: Measure): string {
  const { plans, customPlan } = ctx.input;
  const step = [...plans, ...(customPlan ? [customPlan] : [])].flatMap((plan) => plan.steps).find((s) => s.code === m.code);
  return step ? step.implementationCost : m.implementationCost;
}

function drawGuidePage(ctx: PremiumContext, m: Measure, kicker: string): void {
  const { doc, theme, input } = ctx;
  const guide = guideFor(m.code);
  const lodgedCost = homeCost(ctx, m);
  doc.addPage();
  drawKicker(ctx, `${kicker} · ${guide.title}`);
  sectionHeading(ctx, measureName(m), undefined, 0);

  factGrid(ctx, [
    ['Indicative cost for your home', costText(lodgedCost)],
    ['Points it adds', `${signed(m.epcIncrease)} energy, ${signed(m.eirIncrease)} environmental`],
  ]);
  factGrid(ctx, [['In your plans', inPlans(ctx, m.code)]], 1);

  const section = (title: string, text: string) => {
    doc.font(FONT.regular).fontSize(9.5);
    subHeading(ctx, title, Math.min(doc.heightOfString(text, { width: CONTENT_WIDTH }), 60));
    paragraph(ctx, text);
  };
  section('What it is', guide.what);
  section('What it involves', guide.involves);
  const cost = costSection(lodgedCost, guide);
  section(cost.title, cost.text);
  section('What it changes', guide.changes);

  const url = contractorsUrl(input.premiumLinkUrl, m.code);
  // A custom measure's code can make a long address; print the report's own link instead, still linking to the picker.
  const shown = url.length <= 100 ? url : input.premiumLinkUrl;
  subHeading(ctx, 'Find an installer', 30);
  paragraph(ctx, 'Recommended contractors for this improvement in your area are listed at:', { gapAfter: 2 });
  doc
    .font(FONT.bold)
    .fontSize(9.5)
    .fillColor(theme.brandInk)
    .text(pdfText(shown), PAGE.margin, doc.y, { width: CONTENT_WIDTH, link: url, underline: true });
  doc.x = PAGE.margin;
}
