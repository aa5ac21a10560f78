import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderPremiumPdf } from '../../../src/server/pdf/premium/render-premium';
import { GUIDE_BY_CATEGORY, guideFor, typicalCostText } from '../../../src/server/pdf/premium/guide/measure-guide';
import { formatLodgedCost, parseCostRange } from '../../../src/shared/money';
import { MEASURE_CATEGORIES, measureCategory } from '../../../src/server/surveys/epc/measure-category';
import { readPdf } from './pdf-reader';
import { premiumInputFrom } from './premium-factory';

const CSV = resolve(__dirname, '../../../src/server/data/improvement-codes.csv');
const improvementNumbers = () =>
  readFileSync(CSV, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0].trim())
    .filter((n) => /^\d+$/.test(n));
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the improvement guide', () => {
  it('has a full entry for every kind of measure', () => {
    for (const category of MEASURE_CATEGORIES) {
      const guide = GUIDE_BY_CATEGORY[category];
      expect(guide.title.trim()).not.toBe('');
      for (const field of [guide.what, guide.involves, typicalCostText(guide.cost), guide.changes])
        expect(field.trim().length).toBeGreaterThan(20);
    }
  });

  it('keeps every typical cost range as figures, written by the one range format', () => {
    const entries = [...Object.values(GUIDE_BY_CATEGORY), ...improvementNumbers().map((n) => guideFor(n))];
    for (const { cost } of entries) {
      // A range left in the prose would escape the one format: "£100 to £400", "£100 - £400".
      expect(cost.note).not.toMatch(/£[\d,]+ ?(?:to|-|–) ?£/);
      if ('lowPence' in cost) {
        expect(Number.isInteger(cost.lowPence) && cost.lowPence > 0).toBe(true);
        expect(cost.highPence).toBeGreaterThanOrEqual(cost.lowPence);
        const text = typicalCostText(cost);
        expect(text).toMatch(cost.lowPence === cost.highPence ? /^Typically £[\d,]+[ ,.;]/ : /^Typically £[\d,]+ – £[\d,]+[ ,.;]/);
        expect(text).toMatch(/\.$/);
      }
    }
    expect(typicalCostText(guideFor('10').cost)).toBe(
      'Typically £100 – £400 for a professional job across a house; doing it yourself costs much less.',
    );
  });

  it('describes every numbered improvement as its own kind of work, never with the general text', () => {
    const general = GUIDE_BY_CATEGORY.other;
    for (const n of improvementNumbers()) {
      if (measureCategory(n) === 'other') continue;
      expect(guideFor(n)).not.toBe(general);
    }
    expect(guideFor('5').title).toBe('Loft insulation');
    expect(guideFor('58').title).toBe('Solid floor insulation');
    expect(guideFor('51').title).toBe('Heat pump');
    expect(guideFor('73').title).toBe('Solar PV diverter');
  });

  it('gives a custom or unknown measure the general text', () => {
    expect(guideFor('Fit A-rated doors')).toBe(GUIDE_BY_CATEGORY.other);
    expect(guideFor('999')).toBe(GUIDE_BY_CATEGORY.other);
    expect(guideFor('')).toBe(GUIDE_BY_CATEGORY.other);
  });
});

describe('the measure guide pages of the Premium Report', () => {
  it('gives every measure of a real survey a page: what it is, what it involves, its cost, what it changes, and its contractors', async () => {
    // A Scottish house with nine improvements, from solid floor insulation to solar panels.
    const input = premiumInputFrom('RdSAP-Schema-S-18.0__epc.xml');
    expect(input.measures).toHaveLength(9);
    const { pages } = readPdf(await renderPremiumPdf(input));
    input.measures.forEach((m, i) => {
      const guide = guideFor(m.code);
      const kicker = `IMPROVEMENT GUIDE ${i + 1} OF 9 · ${guide.title.toUpperCase()}`;
      const found = pages.filter((p) => p.includes(kicker));
      expect(found).toHaveLength(1);
      const page = flat(found[0]);
      expect(page).toContain(flat(m.name));
      for (const heading of ['What it is', 'What it involves', 'What it changes', 'Find an installer']) expect(page).toContain(heading);
      expect(page).toContain(guide.what.slice(0, 60));
      // The survey prices every one of these measures, so the page states that figure and no generic one beside it.
      expect(parseCostRange(m.implementationCost)).not.toBeNull();
      expect(page).toContain('Cost for your home');
      expect(page).toContain(`For your home the survey estimates ${formatLodgedCost(m.implementationCost)}.`);
      expect(page).not.toContain('Typical cost');
      expect(page).not.toContain('Typically');
      expect(page).toContain(`https://app.epcplus.co.uk/s/premium/1042/12-epc-street-st-albans/c/${m.code}`);
    });
    // Solid floor insulation is priced as lodged, in the report's money format.
    const floor = flat(pages.find((p) => p.includes('SOLID FLOOR INSULATION'))!);
    expect(floor).toContain('£4,000 – £6,000');
    expect(floor).not.toContain('£4,000 - £6,000');
  });

  it('says which plans a measure is in and at which step', async () => {
    const input = premiumInputFrom('RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml');
    const { pages } = readPdf(await renderPremiumPdf(input));
    const loft = flat(pages.find((p) => p.includes('LOFT INSULATION'))!);
    expect(loft).toContain('Cheapest route to band C (step 1); Highest energy rating (step 1); Quick wins before winter (step 2)');
    const cylinder = flat(pages.find((p) => p.includes('HOT WATER CYLINDER INSULATION'))!);
    expect(cylinder).toContain('Highest energy rating (step 3)');
    expect(cylinder).not.toContain('Cheapest route to band C (step');
  });

  it("explains a survey's custom measure in general words and links its contractors by its code", async () => {
    const input = premiumInputFrom('RdSAP-Schema-21.0.1__epc.xml');
    const custom = input.measures.find((m) => !/^\d+$/.test(m.code))!;
    const { pages } = readPdf(await renderPremiumPdf(input));
    const page = flat(pages.find((p) => p.includes('RECOMMENDED IMPROVEMENT') && p.includes(custom.name))!);
    expect(page).toContain(GUIDE_BY_CATEGORY.other.what);
    expect(page).toContain(`/c/${encodeURIComponent(custom.code)}`);
    expect(page).toContain('£1,000');
  });
});
