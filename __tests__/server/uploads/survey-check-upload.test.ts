import * as reports from '../../../src/shared/api/reports';
import { describeEachDatabase } from '../helpers/databases';
import { countRows, STROMA_ASSESSOR, loggedInUser } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';
import { fixture, sampleWith, uploadSurvey } from '../helpers/reports';
import { ok, refused } from '../helpers/answers';
import { createReportRequest } from '../../support/report-requests';

describeEachDatabase('the survey check at upload', (dialect) => {
  const server = useTestServer(dialect);

  it('refuses file A whose current band contradicts its current rating, with the reason, and keeps nothing of it', async () => {
    // A Stroma assessor needs no file B: a report could be made from file A alone, were it kept.
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const before = await countRows(server(), 'uploads');
    const contradicting = sampleWith(
      '<Energy-Rating-Current>64<',
      '<Energy-Rating-Current-Band>B</Energy-Rating-Current-Band><Energy-Rating-Current>64<',
    );
    const { key, followup } = await uploadSurvey(server(), cookie, contradicting);
    expect(followup.status).toBe(400);
    expect(refused(followup).error).toBe(
      'The certificate lodges band B beside its current energy rating of 64, which is band D. It contradicts itself on the rating every figure starts from, so no report can be made from it: please check the file in your software.',
    );
    expect(await server().app.deps.storage.get(key)).toBeNull();
    expect(await countRows(server(), 'uploads')).toBe(before);
    const create = await server().call(reports.createReport, createReportRequest(key), { cookie });
    expect(refused(create).error).toBe('Please upload the lodged EPC XML (file A) again.');
  });

  it('keeps file A that disagrees with itself where the report can settle it, and answers what the report will use', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { key, followup } = await uploadSurvey(server(), cookie, fixture('RdSAP-Schema-21.0.1__epc.xml'));
    const answer = ok(followup);
    expect(answer.warnings).toEqual(
      expect.arrayContaining([
        {
          rule: 'potential-not-reached',
          message:
            "The certificate's potential energy rating is C 72, but its improvements, done in order, reach D 60: the report uses D 60.",
        },
        {
          rule: 'placeholder-description',
          message: 'Step 3\'s description ("Improvement desc") is a placeholder: the report shows it as "Suggested improvement".',
        },
      ]),
    );
    expect(answer.warnings).toHaveLength(7);
    expect(await server().app.deps.storage.get(key)).not.toBeNull();
    ok(await server().call(reports.createReport, createReportRequest(key), { cookie }));
  });

  it('answers no warnings for a lodgement whose figures agree', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { followup } = await uploadSurvey(server(), cookie);
    expect(ok(followup).warnings).toEqual([]);
  });
});
