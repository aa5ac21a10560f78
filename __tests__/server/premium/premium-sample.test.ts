import * as premium from '../../../src/shared/api/premium';
import { describeEachDatabase } from '../helpers/databases';
import { ok } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';
import { readPdf } from '../pdf/pdf-reader';

describeEachDatabase('the sample Premium report', (dialect) => {
  const server = useTestServer(dialect);

  it('is drawn by the Premium renderer from the sample survey, with its computed plans', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const urls = ok(await server().call(premium.reportsDemo, undefined, { cookie, query: { mode: 'demo' } }));
    expect(urls.premium_url).not.toBe(urls.preliminary_url);
    const pdf = await server().app.inject({ method: 'GET', url: urls.premium_url });
    expect(pdf.statusCode).toBe(200);
    const { text } = readPdf(pdf.rawPayload);
    expect(text).toContain('Premium Report');
    expect(text).toContain('Highest energy rating');
    expect(text).toContain('Everything recommended');
  });
});
