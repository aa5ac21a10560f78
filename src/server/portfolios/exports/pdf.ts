import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '../../../shared/constants';
import { EPC_BAND_COLOURS, EPC_BANDS, type EpcBand } from '../../../shared/epc-bands';
import { formatPoundRange, formatPounds, groupThousands } from '../../../shared/money';
import type { PenceEnds, PortfolioHome, PortfolioView } from '../../../shared/api/portfolios';
import { CAP_WORDS, SOURCE_WORDS } from '../../../shared/portfolio-table';
import { standardById } from '../../funding/letting-standards';
import { assessorContactLines } from '../../pdf/assessor-contact';
import { drawBandChip } from '../../pdf/band-chip';
import { stepNumberCell } from '../../pdf/improvement-steps';
import { mix, textOn, WHITE } from '../../../shared/colour';
import { keepStandardFontMetrics } from '../../pdf/font-metrics';
import { DASH, formatCost, formatSurveyDate, pdfText } from '../../pdf/format';
import {
  accentBar,
  CONTENT_WIDTH,
  createContext,
  drawLogo,
  ensureSpace,
  factGrid,
  fitText,
  FONT,
  PAGE,
  paragraph,
  sectionHeading,
  startBlock,
  subHeading,
  type DrawContext,
} from '../../pdf/layout';
import { drawPageFrames } from '../../pdf/page-frame';
import type { ReportBranding } from '../../pdf/preliminary-input';
import { drawTable, type Cell } from '../../pdf/table';

/**
 * Home pages one PDF draws. It is drawn on the server's own thread, a few pages per turn, at about
 * 10 ms a page: 200 keep a download within a few seconds. The CSV and Excel files list every home.
 */
export const PORTFOLIO_PDF_HOMES_MAX = 200;
/** Route steps listed per home: a certificate recommends a handful, a survey rarely a dozen. */
const STEPS_MAX = 30;
const SCHEMES_MAX = 10;
/** Longest text drawn from a field, so one pasted essay cannot push a page's layout apart. */
const TEXT_MAX = { name: 120, address: 200, step: 160, url: 300 } as const;
/** The 2030 standard's transition: a certificate at C lodged before this keeps the home compliant until it expires. */
const CERTIFICATES_LODGED_BEFORE = standardById('ew-2030-c').certificatesLodgedBefore;

export interface PortfolioPdfInput {
  view: PortfolioView;
  /** The portfolio's branding, logo bytes and all, as the reports draw it (render-report.ts brandingFor). */
  branding: ReportBranding;
  /** The assessor's business contact from My Account; null leaves the contact box out. */
  assessor: { name: string; email: string; phone: string } | null;
}

type PortfolioContext = DrawContext & { input: PortfolioPdfInput };

const clip = (text: string | null | undefined, max: number) => pdfText(String(text ?? '').slice(0, max * 2)).slice(0, max);

const ORDER_WORDS: Record<PortfolioView['order'], string> = {
  'worst-first': 'worst first (lowest rating first)',
  'cheapest-points-first': 'cheapest points first (least cost per point gained first)',
};

const yesNo = (meets: boolean | null) => (meets === null ? 'No standard applies' : meets ? 'Yes' : 'No');

/** Home pages drawn between two turns of the event loop: a few tens of milliseconds, so other requests are not held up. */
const PAGES_PER_TURN = 8;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The landlord's portfolio as a branded A4 PDF: a first page with the totals, the bands now and
 * once every route is done, and the standards they are judged against; then one page per home,
 * in the chosen work order, with its route to band C. Set up as every report is (document.ts),
 * but drawn a few pages per turn: a long portfolio takes a second or more, which the server's
 * other requests must not wait behind.
 */
export async function renderPortfolioPdf(input: PortfolioPdfInput): Promise<Buffer> {
  const { view } = input;
  const portfolioName = clip(view.portfolio.name, TEXT_MAX.name);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    compress: true,
    info: {
      Title: `EPC portfolio - ${portfolioName}`,
      Author: pdfText(input.branding.companyName) || PRODUCT_NAME,
      Subject: 'EPC portfolio',
    },
  });
  keepStandardFontMetrics(doc);
  const written = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const ctx = createContext(doc, input);
  drawSummaryPage(ctx);
  const homes = view.homes.slice(0, PORTFOLIO_PDF_HOMES_MAX);
  for (const [i, home] of homes.entries()) {
    if (i % PAGES_PER_TURN === 0) await nextTurn();
    doc.addPage();
    drawHomePage(ctx, home);
  }
  drawPageFrames(ctx, { title: 'EPC portfolio', reportName: portfolioName });
  doc.end();
  return written;
}

const BANNER = { top: 112, height: 90 } as const;

function drawSummaryPage(ctx: PortfolioContext): void {
  const { doc, theme, companyName, input } = ctx;
  const { view } = input;
  const left = PAGE.margin;
  if (drawLogo(ctx, left, 40, 200, 60) === 0) {
    doc
      .font(FONT.bold)
      .fontSize(20)
      .fillColor(theme.brandInk)
      .text(fitText(doc, companyName, CONTENT_WIDTH), left, 58, { lineBreak: false });
  }
  doc.rect(0, BANNER.top, PAGE.width, BANNER.height).fill(theme.brand);
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(theme.onBrand)
    .text('EPC PORTFOLIO', left, BANNER.top + 16, { characterSpacing: 0.8, lineBreak: false });
  doc.font(FONT.bold).fontSize(22);
  doc.text(fitText(doc, clip(view.portfolio.name, TEXT_MAX.name), CONTENT_WIDTH), left, BANNER.top + 32, { lineBreak: false });
  const client = [view.portfolio.client_name, view.portfolio.client_company].map((t) => clip(t, TEXT_MAX.name)).filter(Boolean);
  doc.font(FONT.regular).fontSize(11);
  doc.text(fitText(doc, `For ${client.join(', ')}`, CONTENT_WIDTH), left, BANNER.top + 62, { lineBreak: false });
  doc.x = left;
  doc.y = BANNER.top + BANNER.height + 18;

  const s = view.summary;
  factGrid(
    ctx,
    [
      ['Homes', groupThousands(s.homes)],
      ['Failing band E today', groupThousands(s.failing_now)],
      ['Below band C for 2030', groupThousands(s.failing_next)],
      ['No route to band C', groupThousands(s.no_route)],
      ['Over the cap', groupThousands(s.over_cap)],
      ['May exceed the cap', groupThousands(s.may_exceed_cap)],
      ['Cost of the routes', formatPoundRange(s.cost.low_pence, s.cost.high_pence)],
      ['After possible grants', formatPoundRange(s.after.low_pence, s.after.high_pence)],
      ['Worked out on', formatSurveyDate(view.on_date)],
    ],
    3,
  );
  const notes = [`Homes are listed ${ORDER_WORDS[view.order]}.`];
  if (s.cost_unknown > 0)
    notes.push(
      `${groupThousands(s.cost_unknown)} route${s.cost_unknown === 1 ? ' has a step' : 's have steps'} with no cost estimate, left out of the costs.`,
    );
  const pages = Math.min(view.homes.length, PORTFOLIO_PDF_HOMES_MAX);
  if (pages < s.homes)
    notes.push(
      `This PDF has a page for the first ${groupThousands(pages)} of the ${groupThousands(s.homes)} homes; the CSV and Excel files list more.`,
    );
  paragraph(ctx, notes.join(' '), { size: 8.5, colour: theme.muted });

  drawBandsChart(ctx, s.bands_now, s.bands_after);
  drawStandards(ctx);
  drawContact(ctx);
}

/** Homes per band today beside once every route is done, as grouped bars in the EPC's colours. */
function drawBandsChart(ctx: PortfolioContext, now: Record<string, number>, after: Record<string, number>): void {
  const { doc, theme } = ctx;
  const height = 84;
  sectionHeading(ctx, 'Bands now and after the routes', undefined, height + 40);
  const top = doc.y;
  const most = Math.max(1, ...EPC_BANDS.map(({ band }) => Math.max(now[band] ?? 0, after[band] ?? 0)));
  const slot = CONTENT_WIDTH / EPC_BANDS.length;
  const bar = Math.min(22, (slot - 14) / 2);
  const baseline = top + height;
  EPC_BANDS.forEach(({ band }, i) => {
    const x = PAGE.margin + i * slot + (slot - 2 * bar - 4) / 2;
    const colour = EPC_BAND_COLOURS[band];
    [
      { count: now[band] ?? 0, fill: mix(colour, WHITE, 0.55), at: x },
      { count: after[band] ?? 0, fill: colour, at: x + bar + 4 },
    ].forEach(({ count, fill, at }) => {
      const h = (count / most) * (height - 14);
      if (h > 0) doc.rect(at, baseline - h, bar, h).fill(fill);
      doc
        .font(FONT.regular)
        .fontSize(7.5)
        .fillColor(theme.ink)
        .text(groupThousands(count), at - 8, baseline - h - 10, { width: bar + 16, align: 'center', lineBreak: false });
    });
    doc.roundedRect(x, baseline + 4, 2 * bar + 4, 14, 3).fill(colour);
    doc
      .font(FONT.bold)
      .fontSize(9)
      .fillColor(textOn(colour))
      .text(band, x, baseline + 7, { width: 2 * bar + 4, align: 'center', lineBreak: false });
  });
  doc
    .moveTo(PAGE.margin, baseline)
    .lineTo(PAGE.margin + CONTENT_WIDTH, baseline)
    .lineWidth(0.5)
    .strokeColor(theme.rule)
    .stroke();
  const legendY = baseline + 26;
  doc.rect(PAGE.margin, legendY, 10, 8).fill(mix(theme.muted, WHITE, 0.55));
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(theme.muted)
    .text('Now (lighter bar)', PAGE.margin + 14, legendY, { lineBreak: false });
  doc.rect(PAGE.margin + 120, legendY, 10, 8).fill(theme.muted);
  doc.text('After every route is done', PAGE.margin + 134, legendY, { lineBreak: false });
  doc.x = PAGE.margin;
  doc.y = legendY + 18;
}

/** The standards the view judges against, each with its official source, and how the 2030 one is measured. */
function drawStandards(ctx: PortfolioContext): void {
  const { doc, theme, input } = ctx;
  const { standard_now: now, standard_next: next } = input.view;
  sectionHeading(ctx, 'The standards', undefined, 80);
  const standards: { text: string; source: string }[] = [];
  if (now)
    standards.push({
      text: `Band ${now.band} today: in force for every tenancy since ${formatSurveyDate(now.applies_from)}. A landlord need spend no more than ${formatPounds(now.cap_pence)} on a home towards it; an exemption lasts ${now.exemption_years} years.`,
      source: now.source,
    });
  if (next)
    standards.push({
      text: `Band ${next.band} by ${formatSurveyDate(next.applies_from)}: ${next.status === 'in-force' ? 'law' : 'decided by the government, awaiting its legislation'}. The cap is ${formatPounds(next.cap_pence)} per home; an exemption lasts ${next.exemption_years} years.`,
      source: next.source,
    });
  if (!now && !next)
    paragraph(ctx, 'No minimum energy standard for letting applies to these homes: the standards cover England and Wales.');
  for (const standard of standards) {
    paragraph(ctx, standard.text, { size: 8.5, gapAfter: 1 });
    const source = clip(standard.source, TEXT_MAX.url);
    // Small enough for a gov.uk address to stay on one line, so it can be read off the page and typed.
    doc.font(FONT.regular).fontSize(7);
    ensureSpace(ctx, doc.heightOfString(source, { width: CONTENT_WIDTH }) + 6);
    doc.fillColor(theme.brandInk).text(source, PAGE.margin, doc.y, { width: CONTENT_WIDTH, link: source, underline: true });
    doc.y += 6;
  }
  paragraph(
    ctx,
    "The 2030 standard is to be measured on the reformed EPC's new metrics. Until certificates carry them, this view uses today's energy rating. Costs are the surveys' and certificates' indicative estimates; grants are what a home may be eligible for, never a promise.",
    { size: 8.5, colour: theme.muted },
  );
}

/** Whom to ask, on one line under the standards, so the summary stays one page. */
function drawContact(ctx: PortfolioContext): void {
  const { doc, theme, input, companyName } = ctx;
  if (!input.assessor) return;
  const contact = [...assessorContactLines(input.assessor), companyName].map((line) => clip(line, TEXT_MAX.name)).join(' · ');
  doc.font(FONT.regular).fontSize(9);
  const height = doc.heightOfString(`Your assessor: ${contact}`, { width: CONTENT_WIDTH - 14 }) + 8;
  const top = startBlock(ctx, height, 6);
  accentBar(ctx, top, height - 4);
  doc
    .font(FONT.bold)
    .fillColor(theme.ink)
    .text('Your assessor: ', PAGE.margin + 14, top + 2, { width: CONTENT_WIDTH - 14, continued: true })
    .font(FONT.regular)
    .text(contact);
  doc.x = PAGE.margin;
  doc.y = top + height;
}

const range = (ends: PenceEnds | null) =>
  ends ? formatPoundRange(ends.low_pence, ends.high_pence) : 'Not known: a step has no cost estimate';

function drawHomePage(ctx: PortfolioContext, home: PortfolioHome): void {
  const { doc, theme, input } = ctx;
  const next = input.view.standard_next;
  sectionHeading(ctx, clip(home.address, TEXT_MAX.address) || 'Home');
  const chipY = doc.y;
  const chipWidth = drawBandChip(ctx, PAGE.margin, chipY, home.rating, home.band as EpcBand, 11);
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(theme.muted)
    .text('Energy rating today', PAGE.margin + chipWidth + 10, chipY + 4, { lineBreak: false });
  doc.x = PAGE.margin;
  doc.y = chipY + 28;
  const meetsNext =
    home.meets_next && home.compliant_until ? `Yes, until ${formatSurveyDate(home.compliant_until)}` : yesNo(home.meets_next);
  factGrid(ctx, [
    ['Postcode', clip(home.postcode, 10) || DASH],
    ['Certificate date', formatSurveyDate(home.certificate_date)],
    [`Meets band ${input.view.standard_now?.band ?? 'E'} today`, yesNo(home.meets_now)],
    ['Certificate expires', formatSurveyDate(home.certificate_expires)],
    [`Meets band ${next?.band ?? 'C'} by 2030`, meetsNext],
    ['Source', SOURCE_WORDS[home.source]],
  ]);
  if (home.meets_next === true && home.compliant_until)
    paragraph(
      ctx,
      `A certificate at band C lodged before ${formatSurveyDate(CERTIFICATES_LODGED_BEFORE)} keeps the home compliant until it expires, whatever the new metrics say.`,
      { size: 8.5, colour: theme.muted },
    );

  if (home.route) drawRoute(ctx, home, home.route);
  else if (home.meets_next === false) {
    subHeading(ctx, 'No route to band C');
    paragraph(
      ctx,
      "None of this home's recommended measures, alone or together, reach band C. Ask your assessor about other work; where the cost of reaching it would be over the cap, an exemption may apply.",
    );
  }
  if (home.source === 'register')
    paragraph(ctx, "This plan comes from the certificate's own recommendations and costs.", { size: 8.5, colour: theme.muted });
}

function drawRoute(ctx: PortfolioContext, home: PortfolioHome, route: NonNullable<PortfolioHome['route']>): void {
  const { theme } = ctx;
  const cap = ctx.input.view.standard_next?.cap_pence;
  subHeading(ctx, `Route to band ${route.reaches_band}`, 80);
  const steps = route.steps.slice(0, STEPS_MAX);
  const rows = steps.map((step, i): (string | Cell)[] => [
    stepNumberCell(theme, i),
    clip(step.name, TEXT_MAX.step) || 'Improvement',
    formatCost(step.cost),
    step.rating_after === null ? DASH : String(step.rating_after),
  ]);
  if (route.steps.length > steps.length) rows.push(['', `and ${route.steps.length - steps.length} more steps`, '', '']);
  rows.push([
    '',
    'Together',
    route.cost ? formatPoundRange(route.cost.low_pence, route.cost.high_pence) : DASH,
    `${route.reaches} ${route.reaches_band}`,
  ]);
  drawTable(
    ctx,
    [
      { header: '#', width: 26 },
      { header: 'Step', width: 0 },
      { header: 'Cost', width: 120 },
      { header: 'Rating after', width: 80, align: 'right' },
    ],
    rows,
    { totalRows: 1 },
  );
  ctx.doc.y += 6;
  factGrid(ctx, [
    ['Cost', range(route.cost)],
    [cap === undefined ? 'Cap' : `Cap of ${formatPounds(cap)}`, CAP_WORDS[route.cap]],
    ['Grants may pay up to', formatPoundRange(route.grants.low_pence, route.grants.high_pence)],
    ['Cost after possible grants', range(route.after)],
  ]);
  const schemes = route.schemes.slice(0, SCHEMES_MAX);
  if (schemes.length) {
    subHeading(ctx, 'Schemes that may pay towards it', 30);
    for (const s of schemes) paragraph(ctx, `${clip(s.scheme, TEXT_MAX.name)}: ${clip(s.url, TEXT_MAX.url)}`, { size: 8.5 });
  }
  if (home.meets_next === false && route.cap === 'over')
    paragraph(ctx, 'Even its lowest cost is over the cap, so the home may qualify for a cost exemption once the standard is law.', {
      size: 8.5,
      colour: theme.muted,
    });
}
