import { Readable } from 'node:stream';
import * as portfolios from '../../../src/shared/api/portfolios';
import { importRegister } from '../../../src/server/portfolios/register-import/import';
import type { RegisterRecommendation } from '../../../src/server/portfolios/register-homes';
import { describeEachDatabase } from '../helpers/databases';
import { ok } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import type { TestServer } from '../helpers/test-server';
import { useTestServer } from '../helpers/test-server';
import { certificate, certificatesCsv, recommendation, recommendationsCsv } from './register-import-files';

type CertificateRows = Parameters<typeof certificatesCsv>[0];
type RecommendationRows = Parameters<typeof recommendationsCsv>[0];

async function newPortfolio(s: TestServer) {
  const user = await loggedInUser(s, STROMA_ASSESSOR);
  const { portfolio_id: portfolioId } = ok(
    await s.call(
      portfolios.createPortfolio,
      { name: 'Harbour Lets', client_name: 'Jo Landlord', client_email: 'jo@example.com', client_company: '', branding_id: 'default' },
      { cookie: user.cookie },
    ),
  );
  return { userId: user.id, portfolioId };
}

const runImport = (
  s: TestServer,
  target: { userId: number; portfolioId: number },
  certificates: CertificateRows,
  recommendations: RecommendationRows = [],
) =>
  importRegister(s.app.deps, {
    ...target,
    certificates: Readable.from([certificatesCsv(certificates)]),
    recommendations: Readable.from([recommendationsCsv(recommendations)]),
  });

/** The portfolio's homes as stored: each home's certificate, by address. */
async function homesOf(s: TestServer, portfolioId: number) {
  const rows = await s.db
    .selectFrom('portfolio_homes')
    .innerJoin('register_certificates', 'register_certificates.id', 'portfolio_homes.certificate_id')
    .select([
      'portfolio_homes.id as home_id',
      'register_certificates.lmk_key',
      'register_certificates.address',
      'register_certificates.postcode',
      'register_certificates.country',
      'register_certificates.current_rating',
      'register_certificates.recommendations',
    ])
    .where('portfolio_homes.portfolio_id', '=', portfolioId)
    .orderBy('register_certificates.address')
    .execute();
  return rows.map((r) => ({ ...r, recommendations: JSON.parse(r.recommendations) as RegisterRecommendation[] }));
}

describeEachDatabase('register import', (dialect) => {
  const server = useTestServer(dialect);

  it('reports each bad row by its line and imports the rest', async () => {
    const target = await newPortfolio(server());
    const result = await runImport(server(), target, [
      certificate({ LMK_KEY: 'good-1', ADDRESS1: '1 High Street' }),
      certificate({ LMK_KEY: '', ADDRESS1: '2 High Street' }),
      certificate({ LMK_KEY: 'bad-rating', ADDRESS1: '3 High Street', CURRENT_ENERGY_EFFICIENCY: 'abc' }),
      certificate({ LMK_KEY: 'bad-date', ADDRESS1: '4 High Street', LODGEMENT_DATE: '2022-13-01' }),
      certificate({ LMK_KEY: 'no-postcode', ADDRESS1: '5 High Street', POSTCODE: '' }),
      certificate({ LMK_KEY: 'no-address', ADDRESS1: '', ADDRESS3: '' }),
      certificate({ LMK_KEY: 'good-2', ADDRESS1: '7 High Street' }),
    ]);
    expect(result).toEqual({
      success: true,
      homes: 2,
      rows: 7,
      problems: [
        { file: 'certificates', line: 3, message: 'The certificate has no LMK_KEY.' },
        { file: 'certificates', line: 4, message: 'CURRENT_ENERGY_EFFICIENCY must be a whole number from 1 upwards, not "abc".' },
        { file: 'certificates', line: 5, message: 'LODGEMENT_DATE must be a date written YYYY-MM-DD, not "2022-13-01".' },
        { file: 'certificates', line: 6, message: 'The certificate has no postcode.' },
        { file: 'certificates', line: 7, message: 'The certificate has no address (ADDRESS1, ADDRESS2 and ADDRESS3 are empty).' },
      ],
      problem_count: 5,
    });
    expect(portfolios.registerImportResult.safeParse(result).success).toBe(true);
    expect((await homesOf(server(), target.portfolioId)).map((h) => h.lmk_key)).toEqual(['good-1', 'good-2']);
  });

  it('keeps the newest certificate of an address, with its own recommendations in item order', async () => {
    const target = await newPortfolio(server());
    const result = await runImport(
      server(),
      target,
      [
        certificate({
          LMK_KEY: 'old',
          ADDRESS1: '12, High St.',
          POSTCODE: 'ls11aa',
          LODGEMENT_DATE: '2015-01-01',
          CURRENT_ENERGY_EFFICIENCY: '40',
        }),
        certificate({
          LMK_KEY: 'new',
          ADDRESS1: '12 HIGH ST',
          POSTCODE: 'LS1 1AA',
          LODGEMENT_DATE: '2021-06-30',
          CURRENT_ENERGY_EFFICIENCY: '55',
        }),
        certificate({ LMK_KEY: 'older', ADDRESS1: '12 High St', POSTCODE: 'LS1 1AA', LODGEMENT_DATE: '2010-01-01' }),
      ],
      [
        recommendation('new', 2, {
          IMPROVEMENT_ID: '',
          IMPROVEMENT_ID_TEXT: '',
          IMPROVEMENT_SUMMARY_TEXT: 'Solar panels',
          INDICATIVE_COST: '£5,000 - £8,000',
        }),
        recommendation('old', 1),
        recommendation('other-home', 1),
        recommendation('new', 1, { IMPROVEMENT_ID: '05' }),
        recommendation('new', 'x' as unknown as number),
      ],
    );
    expect(result).toMatchObject({
      homes: 1,
      rows: 3,
      problems: [{ file: 'recommendations', line: 6, message: 'IMPROVEMENT_ITEM must be a whole number, not "x".' }],
    });
    const [home, ...others] = await homesOf(server(), target.portfolioId);
    expect(others).toEqual([]);
    expect(home).toMatchObject({ lmk_key: 'new', address: '12 HIGH ST, Leeds', postcode: 'LS1 1AA', current_rating: 55 });
    expect(home.recommendations).toEqual([
      { number: '5', text: 'Increase loft insulation to 270 mm', indicativeCost: '£100 - £350' },
      { number: null, text: 'Solar panels', indicativeCost: '£5,000 - £8,000' },
    ]);
  });

  it('matches a home by UPRN first, then by address, and keeps Welsh homes as Welsh', async () => {
    const target = await newPortfolio(server());
    const result = await runImport(server(), target, [
      certificate({ LMK_KEY: 'a', UPRN: '100023336956', ADDRESS1: 'Flat 1', ADDRESS2: '5 Quay Road', LODGEMENT_DATE: '2016-01-01' }),
      // Same UPRN, written differently: the same home, and newer.
      certificate({ LMK_KEY: 'b', UPRN: '100023336956', ADDRESS1: 'Flat 1, 5 Quay Rd', LODGEMENT_DATE: '2020-01-01' }),
      // No UPRN, the first one's address: still that home, but older than b.
      certificate({ LMK_KEY: 'c', ADDRESS1: 'Flat 1', ADDRESS2: '5 Quay Road', LODGEMENT_DATE: '2018-01-01' }),
      certificate({ LMK_KEY: 'd', ADDRESS1: '9 Bay View', POSTCODE: 'CF10 1AA', LOCAL_AUTHORITY: 'W06000015' }),
    ]);
    expect(result).toMatchObject({ homes: 2, rows: 4, problem_count: 0 });
    const homes = await homesOf(server(), target.portfolioId);
    expect(homes.map((h) => [h.lmk_key, h.country])).toEqual([
      ['d', 'WLS'],
      ['b', 'ENG'],
    ]);
  });

  it('updates the homes of an earlier import rather than adding them again', async () => {
    const target = await newPortfolio(server());
    const push = jest.spyOn(server().app.deps.realtime, 'push');
    const first = [
      certificate({ LMK_KEY: 'one', ADDRESS1: '1 Mill Lane' }),
      certificate({ LMK_KEY: 'two', ADDRESS1: '2 Mill Lane', UPRN: '42' }),
    ];
    await runImport(server(), target, first, [recommendation('one', 1)]);
    const before = await homesOf(server(), target.portfolioId);
    expect(push).toHaveBeenCalledWith(target.userId, 'portfolioUpdate', { portfolio_id: target.portfolioId });

    const again = await runImport(server(), target, first, [recommendation('one', 1)]);
    expect(again).toMatchObject({ homes: 2, rows: 2 });
    expect(await homesOf(server(), target.portfolioId)).toEqual(before);

    // A newer certificate of each home (one by UPRN, under another address) takes the older one's place in the same home.
    await runImport(server(), target, [
      certificate({ LMK_KEY: 'one-2024', ADDRESS1: '1 Mill Lane', LODGEMENT_DATE: '2024-02-02', CURRENT_ENERGY_EFFICIENCY: '70' }),
      certificate({ LMK_KEY: 'two-2024', ADDRESS1: 'The Old Mill, 2 Mill Lane', UPRN: '42', LODGEMENT_DATE: '2024-02-02' }),
      certificate({ LMK_KEY: 'three', ADDRESS1: '3 Mill Lane' }),
    ]);
    const after = await homesOf(server(), target.portfolioId);
    expect(after.map((h) => [h.home_id, h.lmk_key])).toEqual(
      expect.arrayContaining([
        [before[0].home_id, 'one-2024'],
        [before[1].home_id, 'two-2024'],
      ]),
    );
    expect(after).toHaveLength(3);
    // An older certificate read later changes nothing.
    await runImport(server(), target, [certificate({ LMK_KEY: 'one-2010', ADDRESS1: '1 Mill Lane', LODGEMENT_DATE: '2010-01-01' })]);
    expect(await homesOf(server(), target.portfolioId)).toEqual(after);
  });

  it("queues the postcode lookup for the map, and leaves another user's portfolio alone", async () => {
    const target = await newPortfolio(server());
    await runImport(server(), target, [certificate()]);
    const jobs = await server().db.selectFrom('jobs').select(['kind', 'payload']).where('kind', '=', 'locate_postcodes').execute();
    expect(jobs.map((j) => JSON.parse(j.payload) as unknown)).toContainEqual({ portfolio_id: target.portfolioId });

    const stranger = await newPortfolio(server());
    await expect(runImport(server(), { userId: stranger.userId, portfolioId: target.portfolioId }, [certificate()])).rejects.toThrow(
      'That portfolio does not exist.',
    );
  });

  it('refuses a file that is not the register’s, saying which column is missing', async () => {
    const target = await newPortfolio(server());
    await expect(
      importRegister(server().app.deps, {
        ...target,
        certificates: Readable.from(['name,postcode\nx,LS1 1AA\n']),
        recommendations: Readable.from([recommendationsCsv([])]),
      }),
    ).rejects.toThrow(
      "The certificates file has no LMK_KEY, ADDRESS1, CURRENT_ENERGY_EFFICIENCY, POTENTIAL_ENERGY_EFFICIENCY, LODGEMENT_DATE columns: please choose certificates.csv from the register's bulk download.",
    );
    expect(await homesOf(server(), target.portfolioId)).toEqual([]);
  });
});
