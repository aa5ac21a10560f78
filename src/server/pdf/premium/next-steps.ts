import type { SurveyCountry } from '../../surveys/epc/survey';
import { mix, textOn } from '../../../shared/colour';
import { pdfText } from '../format';
import { CONTENT_WIDTH, ensureSpace, FONT, PAGE, sectionHeading, startBlock } from '../layout';
import { planName } from './plan-facts';
import type { PremiumContext } from './premium-context';

const NUMBER_W = 30;

/** Where help with the cost of improvements is found, by the nation whose register holds the survey. */
const GRANTS: Record<SurveyCountry, string> = {
  ENG: 'Grants and schemes may help with the cost: the Boiler Upgrade Scheme pays towards a heat pump or biomass boiler, and energy suppliers fund insulation for eligible households. The GOV.UK service at www.gov.uk/improve-energy-efficiency shows what your home may qualify for.',
  WLS: 'Grants and schemes may help with the cost: the Boiler Upgrade Scheme pays towards a heat pump or biomass boiler, and the Welsh Government and energy suppliers fund improvements for eligible households. The GOV.UK service at www.gov.uk/improve-energy-efficiency is a good place to start.',
  EAW: 'Grants and schemes may help with the cost: the Boiler Upgrade Scheme pays towards a heat pump or biomass boiler, and energy suppliers fund insulation for eligible households. The GOV.UK service at www.gov.uk/improve-energy-efficiency shows what your home may qualify for.',
  SCT: 'Grants and interest-free loans may help with the cost: Home Energy Scotland (www.homeenergyscotland.org) advises on the funding your home may qualify for.',
  NIR: 'Grants may help with the cost for eligible households: NI Energy Advice, through nidirect (www.nidirect.gov.uk), advises on the schemes open in Northern Ireland.',
};

/** The last page: what to do with the report, and who to ask. */
export function drawNextSteps(ctx: PremiumContext): void {
  const { doc, input } = ctx;
  doc.addPage();
  sectionHeading(ctx, 'Next steps', 'How to turn this report into a warmer home that costs less to run.', 0);
  const lead = input.plans[0] ?? input.customPlan;
  const url = pdfText(input.premiumLinkUrl);
  const steps: [string, string][] = [
    [
      'Choose your plan',
      lead
        ? `Compare the plans in this report by where they take your home and what they cost. ${planName(lead)} is set out first${input.priority ? ' because it best matches your priority' : ''}. The work can be spread over time: each plan's steps are in the order they are best carried out.`
        : 'Compare the improvements in this report by what they cost and the points they add; the order they are listed in is the order they are best carried out.',
    ],
    [
      'Get quotes from installers',
      `Recommended contractors for the improvements in your plans, in your area, are listed at your report's page: ${url}. ` +
        'Ask two or three for written quotes, and check they are certified for the work (for example Gas Safe, MCS or TrustMark).',
    ],
    ['Look for grants', GRANTS[input.survey.country]],
    [
      'Update your EPC when the work is done',
      "Ask your assessor for a new Energy Performance Certificate once the improvements are in, so your home's certificate shows its new rating to buyers, tenants and lenders.",
    ],
  ];
  steps.forEach(([title, body], i) => drawStep(ctx, i + 1, title, body, i === 1 ? input.premiumLinkUrl : undefined));
  drawContactCard(ctx);
}

function drawStep(ctx: PremiumContext, n: number, title: string, body: string, link?: string): void {
  const { doc, theme } = ctx;
  const width = CONTENT_WIDTH - NUMBER_W;
  const height =
    doc.font(FONT.bold).fontSize(11.5).heightOfString(title, { width }) +
    doc.font(FONT.regular).fontSize(9.5).heightOfString(body, { width }) +
    10;
  ensureSpace(ctx, height + 12);
  const y = doc.y + 4;
  doc.circle(PAGE.margin + 11, y + 9, 11).fill(theme.accent);
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(textOn(theme.accent))
    .text(String(n), PAGE.margin, y + 3.5, { width: 22, align: 'center', lineBreak: false });
  const x = PAGE.margin + NUMBER_W;
  doc
    .font(FONT.bold)
    .fontSize(11.5)
    .fillColor(theme.ink)
    .text(title, x, y + 2, { width });
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(theme.ink)
    .text(body, x, doc.y + 3, { width, lineGap: 1.5 });
  if (link) doc.link(x, y, width, doc.y - y, link);
  doc.x = PAGE.margin;
  doc.y += 12;
}

/** The assessor's contact details in a card in the brand's colours. */
function drawContactCard(ctx: PremiumContext): void {
  const { doc, theme, input, companyName } = ctx;
  const { name, phone, email } = input.assessor;
  const lines: [string, string][] = [
    ['Assessor', pdfText(name)],
    ['Company', companyName],
    ['Phone', pdfText(phone)],
    ['Email', pdfText(email)],
  ].filter((pair): pair is [string, string] => pair[1] !== '');
  const pad = 20;
  const height = pad * 2 + 26 + lines.length * 18;
  const y = startBlock(ctx, height, 8);
  const fill = theme.accent;
  const ink = textOn(fill);
  doc.roundedRect(PAGE.margin, y, CONTENT_WIDTH, height, 8).fill(fill);
  doc
    .font(FONT.bold)
    .fontSize(14)
    .fillColor(ink)
    .text('Questions about your report? Ask your assessor', PAGE.margin + pad, y + pad, { width: CONTENT_WIDTH - 2 * pad });
  lines.forEach(([label, value], i) => {
    const ly = y + pad + 26 + i * 18;
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(mix(ink, fill, 0.25))
      .text(label.toUpperCase(), PAGE.margin + pad, ly + 1, { characterSpacing: 0.4, lineBreak: false });
    doc
      .font(FONT.bold)
      .fontSize(10.5)
      .fillColor(ink)
      .text(value, PAGE.margin + pad + 80, ly, {
        width: CONTENT_WIDTH - 2 * pad - 80,
        lineBreak: false,
        ...(label === 'Email' ? { link: `mailto:${value}` } : {}),
      });
  });
  doc.x = PAGE.margin;
  doc.y = y + height + 8;
}
