import * as sharing from '../../../src/shared/api/sharing';
import { describeEachDatabase } from '../helpers/databases';
import { useTestServer } from '../helpers/test-server';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { createReport } from '../helpers/reports';
import { ok } from '../helpers/answers';
import { readFixture } from '../surveys/epc/fixture-files';

describeEachDatabase('funding on the owner’s link (sharedreport)', (dialect) => {
  const server = useTestServer(dialect);

  async function openLink(fixture: string) {
    const user = await loggedInUser(server(), STROMA_ASSESSOR);
    const created = await createReport(server(), user.cookie, readFixture(fixture));
    await server().app.deps.jobs.drain();
    return ok(await server().call(sharing.sharedReport, { report_path: created.share_url.split('/s/')[1] }));
  }

  it("a house in Scotland: Home Energy Scotland may pay towards its insulation, never the Boiler Upgrade Scheme; the total is the schemes' sum", async () => {
    const body = await openLink('RdSAP-Schema-S-19.0__house_epc.xml');
    const funding = body.funding!;
    const schemes = funding.schemes.map((s) => s.scheme);
    expect(schemes).toContain('Home Energy Scotland Grant and Loan');
    expect(schemes).not.toContain('Boiler Upgrade Scheme');
    // The grants at each end of the costs are the grant schemes' sums; loans and reliefs add nothing.
    expect(funding.grants_high_pence).toBeGreaterThan(0);
    expect(funding.grants_low_pence).toBeLessThanOrEqual(funding.grants_high_pence);
    const grants = funding.schemes.filter((s) => s.role === 'grant');
    expect(funding.grants_low_pence).toBe(grants.reduce((sum, s) => sum + s.up_to_low_pence, 0));
    expect(funding.grants_high_pence).toBe(grants.reduce((sum, s) => sum + s.up_to_high_pence, 0));
    expect(funding.schemes.filter((s) => s.role !== 'grant').every((s) => s.up_to_high_pence === 0)).toBe(true);
    expect(funding.on_date).toBe(new Date().toISOString().slice(0, 10));
    const hes = funding.schemes.find((s) => s.scheme === 'Home Energy Scotland Grant and Loan')!;
    expect(hes.url).toMatch(/^https:\/\/www\.homeenergyscotland\.org\//);
    expect(hes.measures.length).toBeGreaterThan(0);
    expect(hes.nation).toBe('Scotland');
  });

  it('a home in England and Wales: the VAT relief on its installed insulation, with the official page', async () => {
    const body = await openLink('RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml');
    const vat = body.funding!.schemes.find((s) => /VAT/.test(s.scheme))!;
    expect(vat.amounts).toEqual(['0% VAT instead of 20%']);
    expect([vat.role, vat.nation]).toEqual(['relief', 'UK-wide']);
    expect(vat.url).toBe('https://www.gov.uk/guidance/vat-on-energy-saving-materials-and-heating-equipment-notice-7086');
  });
});
