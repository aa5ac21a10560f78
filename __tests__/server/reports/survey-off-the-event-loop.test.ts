import * as uploads from '../../../src/shared/api/uploads';
import { epcBand } from '../../../src/shared/epc-bands';
import { SurveyError } from '../../../src/server/surveys/epc/survey';
import { describeEachDatabase } from '../helpers/databases';
import { ELMHURST_ASSESSOR, loggedInUser } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';
import { fixture, putUpload, SAMPLE, uploadSurvey } from '../helpers/reports';
import { ok, refused } from '../helpers/answers';

/*
 * The server's own copies of the survey readers refuse to run: the follow-up still reads files A
 * and B, so they are read on the render pool's threads (each loads copies of its own), never on
 * the event loop every request shares. A large survey takes the other requests no time.
 */
jest.mock('../../../src/server/surveys/epc/parse-survey', () => ({
  ...jest.requireActual<object>('../../../src/server/surveys/epc/parse-survey'),
  parseSurvey: () => {
    throw new Error('file A was read on the event loop');
  },
}));
jest.mock('../../../src/server/surveys/epc/survey-b', () => ({
  checkSurveyB: () => {
    throw new Error('file B was read on the event loop');
  },
}));

/** The message the real reader gives for a file that is not a survey. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    expect(err).toBeInstanceOf(SurveyError);
    return (err as Error).message;
  }
  throw new Error('the reader took the file');
}

describeEachDatabase('survey files read off the event loop', (dialect) => {
  const server = useTestServer(dialect);
  const { parseSurvey } = jest.requireActual<typeof import('../../../src/server/surveys/epc/parse-survey')>(
    '../../../src/server/surveys/epc/parse-survey',
  );
  const { checkSurveyB } = jest.requireActual<typeof import('../../../src/server/surveys/epc/survey-b')>(
    '../../../src/server/surveys/epc/survey-b',
  );

  it('reads file A on a pool thread and answers what it found', async () => {
    const { cookie } = await loggedInUser(server());
    const { followup } = await uploadSurvey(server(), cookie, fixture(SAMPLE));
    const survey = parseSurvey(fixture(SAMPLE));
    expect(ok(followup).message).toBe(
      `${survey.address.lines[0]}, ${survey.address.postcode}: energy rating ${survey.energyRating.current} ` +
        `(${epcBand(survey.energyRating.current)}), ${survey.improvements.length} suggested improvements.`,
    );
  });

  it("refuses a file A that is not a survey with the reader's message", async () => {
    const { cookie } = await loggedInUser(server());
    const notASurvey = Buffer.from('<html><body>not a lodgement</body></html>');
    const { followup } = await uploadSurvey(server(), cookie, notASurvey);
    expect(followup.status).toBe(400);
    expect(refused(followup).error).toBe(refusal(() => parseSurvey(notASurvey)));
  });

  it('checks file B against file A on a pool thread', async () => {
    const { cookie } = await loggedInUser(server(), ELMHURST_ASSESSOR);
    await uploadSurvey(server(), cookie, fixture(SAMPLE));
    const otherProperty = fixture('RdSAP-Schema-S-18.0__epc.xml');
    const other = await putUpload(server(), cookie, otherProperty);
    const wrong = await server().call(uploads.uploadFollowup, { filename: other.key, which_one: 'B' }, { cookie });
    expect(wrong.status).toBe(400);
    expect(refused(wrong).error).toBe(refusal(() => checkSurveyB(otherProperty, parseSurvey(fixture(SAMPLE)))));
    const same = await putUpload(server(), cookie, fixture(SAMPLE));
    const right = await server().call(uploads.uploadFollowup, { filename: same.key, which_one: 'B' }, { cookie });
    expect(ok(right).message).toBe('The RdSAP survey file matches the property.');
  });
});
