import { renderPremiumPdf } from '../../../src/server/pdf/premium/render-premium';
import { linesWith, readPdf } from './pdf-reader';
import { premiumInputFrom, RHI_FIXTURE } from './premium-factory';

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the letting section of the Premium Report', () => {
  it('says a rented home below the minimum band may not be let, and lists what takes it to C with the total', async () => {
    const base = premiumInputFrom(RHI_FIXTURE);
    const [loft, wall] = base.measures;
    // A home rated 37 (F), where the assessor judged the wall insulation worth 30 points.
    const toReachC = [{ ...wall, epcIncrease: 30 }, loft];
    const input = { ...base, epcStart: 37, letting: { minimumBand: 'E', meetsMinimum: false, toReachC } };
    const text = readPdf(await renderPremiumPdf(input)).text;
    const body = flat(text);
    expect(body).toContain('Letting your home');
    expect(body).toContain('Your home does not meet the minimum band E for letting');
    expect(body).toContain('Its energy rating is F (37 points)');
    expect(body).toContain('Minimum Energy Efficiency Standard');
    expect(body).toContain('What takes it to band C');
    const section = text.slice(text.indexOf('What takes it to band C'));
    const rows = toReachC.map((m, i) => {
      const row = linesWith(section, m.name.split(/\s+/).slice(0, 2).join(' '), `+${m.epcIncrease}`);
      expect(row.length).toBeGreaterThan(0);
      expect(row[0].trim().startsWith(String(i + 1))).toBe(true);
      return section.indexOf(row[0]);
    });
    expect([...rows].sort((a, b) => a - b)).toEqual(rows);
    expect(body).toContain(
      'Together these 2 improvements take your home from F (37 points) to C (69 points), for an indicative £4,100 – £14,350.',
    );
  });

  it('says a rented home that meets the minimum may be let as it is', async () => {
    const base = premiumInputFrom(RHI_FIXTURE);
    const input = { ...base, letting: { minimumBand: 'E', meetsMinimum: true, toReachC: base.measures.slice(0, 2) } };
    const body = flat(readPdf(await renderPremiumPdf(input)).text);
    expect(body).toContain('Your home meets the minimum band E for letting');
    expect(body).toContain('Its energy rating is D (64 points), so it may be let as it is today.');
    expect(body).toContain('to C (70 points), for an indicative £4,100 – £14,350.');
  });

  it('says so when no set of the survey’s measures reaches C, and when the home is already C', async () => {
    const base = premiumInputFrom(RHI_FIXTURE);
    const none = flat(readPdf(await renderPremiumPdf({ ...base, letting: { minimumBand: 'E', meetsMinimum: true, toReachC: null } })).text);
    expect(none).toContain('None of the improvements recommended in the survey, alone or together, take your home to band C.');
    const already = flat(
      readPdf(await renderPremiumPdf({ ...base, epcStart: 72, letting: { minimumBand: 'E', meetsMinimum: true, toReachC: [] } })).text,
    );
    expect(already).toContain('Your home already reaches band C, at C (72 points).');
  });

  it('leaves the letting section out for a home that is not rented', async () => {
    const body = flat(readPdf(await renderPremiumPdf(premiumInputFrom(RHI_FIXTURE, { letting: null }))).text);
    expect(body).not.toContain('Letting your home');
    expect(body).not.toContain('minimum band');
  });

  it('words the rules for a home outside England and Wales without quoting their law', async () => {
    const base = premiumInputFrom('RdSAP-Schema-S-18.0__epc.xml');
    const body = flat(
      readPdf(await renderPremiumPdf({ ...base, letting: { minimumBand: 'E', meetsMinimum: true, toReachC: base.measures.slice(0, 1) } }))
        .text,
    );
    expect(body).toContain('Minimum energy ratings for rented homes differ across the UK');
    expect(body).not.toContain('Minimum Energy Efficiency Standard');
  });
});
