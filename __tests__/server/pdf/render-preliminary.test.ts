import { PRODUCT_NAME, DEFAULT_BRAND_COLOUR } from '../../../src/shared/constants';
import { renderPreliminaryPdf } from '../../../src/server/pdf/render-preliminary';
import { formatLodgedCost } from '../../../src/shared/money';
import { coloursUsed, linesWith, readPdf } from './pdf-reader';
import { makeInput, makeMeasures, makeSurvey, tinyPng } from './report-factory';

describe('the Preliminary Report PDF', () => {
  it('is a multi-page A4 PDF whose text carries the address, the company and the date', async () => {
    const pdf = await renderPreliminaryPdf(makeInput());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = readPdf(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const cover = pages[0].replace(/\s+/g, ' ');
    expect(cover).toContain('Property Improvement Report');
    expect(cover).toContain('PRELIMINARY REPORT');
    expect(pages[0]).toContain('12 Epc Street, St Albans, AL1C 2DE');
    expect(pages[0]).toContain('3 March 2025');
    expect(pages[0]).toContain('Harper Energy Assessments');
    pages.forEach((page, i) => {
      expect(page).toContain('Prepared by Harper Energy Assessments');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(text).toContain('House, Semi-Detached');
    expect(text).toContain('86 m²');
    expect(text).toContain('100081234567');
    expect(text).toContain('Band D');
    expect(text).toContain('14 February 2025');
    expect(text).toContain('Jane Harper');
  });

  it('lists the property summary elements with their efficiency in words', async () => {
    const { text } = readPdf(await renderPreliminaryPdf(makeInput()));
    expect(linesWith(text, 'Walls', 'Cavity wall, as built, no insulation (assumed)', 'Poor')).toHaveLength(1);
    expect(linesWith(text, 'Main heating', 'Boiler and radiators, mains gas', 'Good')).toHaveLength(1);
    expect(linesWith(text, 'Lighting', 'Very good')).toHaveLength(1);
    expect(linesWith(text, 'Floor', 'Suspended, no insulation (assumed)', '—')).toHaveLength(1);
  });

  it('shows the current and potential energy and environmental ratings with their bands', async () => {
    const { text } = readPdf(await renderPreliminaryPdf(makeInput()));
    expect(text).toContain('Energy Efficiency Rating');
    expect(text).toContain('Environmental Impact (CO2) Rating');
    for (const marker of ['54 E', '81 B', '48 E', '79 C']) expect(text).toContain(marker);
    expect(text).toContain('current energy rating is E (54 points) and its potential rating is B (81 points)');
    for (const range of ['92+', '81-91', '69-80', '55-68', '39-54', '21-38', '1-20']) expect(text).toContain(range);
  });

  it('lists every measure with its cost, points and rating after, and the cost so far', async () => {
    const input = makeInput();
    const { text } = readPdf(await renderPreliminaryPdf(input));
    for (const m of input.measures) {
      // Costs are stored as the register writes them ('£500 - £1,500') and shown in the one range form.
      const cost = formatLodgedCost(m.implementationCost)!;
      expect(cost).toContain(' – ');
      expect(linesWith(text, m.name, cost, `+${m.epcIncrease}`, `${m.epcTotal} ${m.epcBand}`, formatLodgedCost(m.costTotal)!)).toHaveLength(
        1,
      );
    }
    expect(text).not.toMatch(/£[\d,]+ - £/);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'could take your home from E (54 points) to B (81 points), for an indicative total of £8,900 – £14,550',
    );
  });

  it('shows running costs now and potential, with savings and CO2', async () => {
    const { text } = readPdf(await renderPreliminaryPdf(makeInput()));
    expect(linesWith(text, 'Heating', '£1,366', '£820', '£546')).toHaveLength(1);
    expect(linesWith(text, 'Lighting', '£123', '£84', '£39')).toHaveLength(1);
    expect(linesWith(text, 'Total', '£1,690', '£1,085', '£605')).toHaveLength(1);
    expect(text).toContain('4.2 tonnes a year');
    expect(text).toContain('1.6 tonnes a year');
  });

  it('ends with the Premium call to action: what it adds, its price and the share link', async () => {
    const { pages } = readPdf(await renderPreliminaryPdf(makeInput()));
    const last = pages[pages.length - 1];
    expect(last).toContain('Upgrade to the Premium Report');
    // Only the bands the survey's own steps reach (54 E up to 81 B).
    expect(last).toContain('Improvement plans to reach band D, C or B');
    expect(last).toContain("assessor's remarks");
    expect(last).toContain('Delivered within 3 working days');
    expect(last).toContain('Price: £149');
    expect(last).toContain('https://app.epcplus.co.uk/s/1042/12-epc-street-st-albans');
  });

  it('leaves the price out when none is given and calls a free one free', async () => {
    const none = readPdf(await renderPreliminaryPdf(makeInput({ premiumPricePence: null }))).text;
    expect(none).toContain('Upgrade to the Premium Report');
    expect(none).not.toContain('Price:');
    const free = readPdf(await renderPreliminaryPdf(makeInput({ premiumPricePence: 0 }))).text;
    expect(free).toContain('worth £300');
  });

  it('says the home already reaches its potential when there are no measures', async () => {
    const survey = makeSurvey({ energyRating: { current: 83, potential: 83 }, improvements: [] });
    const { text } = readPdf(await renderPreliminaryPdf(makeInput({ survey, measures: [] })));
    expect(text).toContain('Your home already reaches its potential');
    expect(text).not.toContain('Cost so far');
    // Nothing to improve: no plan is sold, the visit to update the EPC is offered instead.
    expect(text).not.toContain('Upgrade to the Premium Report');
    expect(text).toContain('Keep your EPC up to date');
  });

  it('paginates 40 measures with the table headers repeated and every measure present', async () => {
    const measures = makeMeasures(40).map((m, i) => ({ ...m, name: `Custom measure no. ${i + 1}` }));
    const { text, pages } = readPdf(await renderPreliminaryPdf(makeInput({ measures })));
    expect(pages.length).toBeGreaterThanOrEqual(5);
    measures.forEach((m, i) => {
      expect(
        linesWith(text, `${i + 1} `, `${m.name} `, formatLodgedCost(m.implementationCost)!, `${m.epcTotal} ${m.epcBand}`),
      ).toHaveLength(1);
    });
    const pagesWithTable = pages.filter((p) => p.includes('Custom measure no.'));
    expect(pagesWithTable.length).toBeGreaterThan(1);
    for (const page of pagesWithTable) expect(page).toMatch(/Step\s+Improvement\s+Indicative cost/);
  });

  it('uses the built-in branding when the company name and colour are missing', async () => {
    const pdf = await renderPreliminaryPdf(makeInput({ branding: { companyName: '  ', colour: 'not a colour', logo: null } }));
    const { pages } = readPdf(pdf);
    expect(pages[0]).toContain(PRODUCT_NAME);
    expect(pages[1]).toContain(`Prepared by ${PRODUCT_NAME}`);
    expect(coloursUsed(pdf)).toContain(DEFAULT_BRAND_COLOUR);
  });

  it("applies the branding's colour", async () => {
    const pdf = await renderPreliminaryPdf(makeInput({ branding: { companyName: 'Teal Co', colour: '#0F766E', logo: null } }));
    const colours = coloursUsed(pdf);
    expect(colours).toContain('#0f766e');
    expect(colours).not.toContain(DEFAULT_BRAND_COLOUR);
  });

  it('draws a PNG or JPEG logo, and falls back to the name when the logo cannot be read', async () => {
    const withLogo = await renderPreliminaryPdf(
      makeInput({ branding: { companyName: 'Logo Ltd', colour: '#123456', logo: { data: tinyPng(), type: 'png' } } }),
    );
    expect(withLogo.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(readPdf(withLogo).text).toContain('Prepared by Logo Ltd');

    const withAlpha = await renderPreliminaryPdf(
      makeInput({ branding: { companyName: 'Alpha Ltd', colour: '#123456', logo: { data: tinyPng({ alpha: true }), type: 'png' } } }),
    );
    expect(withAlpha.toString('latin1')).toMatch(/\/SMask/);

    const broken = await renderPreliminaryPdf(
      makeInput({
        branding: { companyName: 'Broken Logo Ltd', colour: '#123456', logo: { data: Buffer.from('not an image'), type: 'jpeg' } },
      }),
    );
    expect(readPdf(broken).pages[0]).toMatch(/^\s*Broken Logo Ltd/m);
  });

  it('renders with the name instead of a PNG whose pixel data is corrupt, rather than crashing later', async () => {
    const logo = { data: tinyPng({ alpha: true, brokenPixels: true }), type: 'png' as const };
    const pdf = await renderPreliminaryPdf(makeInput({ branding: { companyName: 'Corrupt Logo Ltd', colour: '#123456', logo } }));
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    expect(readPdf(pdf).pages[0]).toMatch(/^\s*Corrupt Logo Ltd/m);
  });

  it('shows money one way: whole pounds with thousands separators, never pence on an estimate', async () => {
    const { text } = readPdf(await renderPreliminaryPdf(makeInput()));
    const amounts = text.match(/£\d[\d,]*(?:\.\d+)?/g) ?? [];
    expect(amounts.length).toBeGreaterThan(5);
    for (const amount of amounts) expect(amount).toMatch(/^£\d{1,3}(,\d{3})*$/);
  });

  it("ends with the assessor's name, phone and email from My Account, and leaves out what they did not give", async () => {
    const { pages } = readPdf(await renderPreliminaryPdf(makeInput()));
    const last = pages[pages.length - 1];
    expect(last).toMatch(/^\s*Your assessor\s*$/m);
    for (const line of ['Harriet Harper', 'Phone: 01727 000123', 'Email: harriet@harper-energy.example']) expect(last).toContain(line);

    const noPhone = readPdf(
      await renderPreliminaryPdf(makeInput({ assessor: { name: 'Harriet Harper', email: 'h@example.com', phone: '' } })),
    );
    expect(noPhone.text).not.toContain('Phone:');
    expect(readPdf(await renderPreliminaryPdf(makeInput({ assessor: null }))).text).not.toMatch(/^\s*Your assessor\s*$/m);
  });

  it('does not promise a home already at A or B plans to reach C or B', async () => {
    const atB = makeInput({ survey: makeSurvey({ energyRating: { current: 84, potential: 90 } }) });
    const text = readPdf(await renderPreliminaryPdf(atB)).text.replace(/\s+/g, ' ');
    expect(text).not.toContain('such as C or B');
    expect(text).not.toMatch(/to reach band/);
    expect(text).toContain('Improvement plans to lower your bills and carbon');
    expect(readPdf(await renderPreliminaryPdf(makeInput())).text.replace(/\s+/g, ' ')).toContain('to reach band D, C or B');
  });
});
