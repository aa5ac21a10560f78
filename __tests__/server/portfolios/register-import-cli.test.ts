import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, userRow, withDb } from '../helpers/operator-cli';
import { certificate, certificatesCsv, recommendation, recommendationsCsv } from './register-import-files';

let dataDir: string;
const email = `portfolio-cli-${process.pid}@example.com`;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'epcplus-portfolio-cli-'));
  await withDb(dataDir, (db) =>
    db
      .insertInto('users')
      .values(userRow({ email, name: 'Cli Assessor' }))
      .execute(),
  );
  await writeFile(
    join(dataDir, 'certificates.csv'),
    certificatesCsv([
      certificate({ LMK_KEY: 'a', ADDRESS1: '1 Quay' }),
      certificate({ LMK_KEY: 'b', ADDRESS1: '2 Quay', LODGEMENT_DATE: 'soon' }),
    ]),
  );
  await writeFile(join(dataDir, 'recommendations.csv'), recommendationsCsv([recommendation('a', 1)]));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** `portfolio import` of the assessor's homes from a certificates file in dataDir, with the recommendations written above. */
const importPortfolio = (name: string, certificates: string) =>
  runCli(
    dataDir,
    'portfolio',
    'import',
    '--assessor',
    email,
    '--name',
    name,
    '--certificates',
    join(dataDir, certificates),
    '--recommendations',
    join(dataDir, 'recommendations.csv'),
  );

const portfolioIds = () => withDb(dataDir, (db) => db.selectFrom('portfolios').select('id').execute());

describe('portfolio import (operator CLI, SQLite)', () => {
  it("makes the assessor's portfolio from the register files and prints the summary, each problem and the landlord's link", async () => {
    const res = await importPortfolio('Quay Homes', 'certificates.csv');
    expect(res.stderr).not.toContain('Error');
    expect(res.code).toBe(0);
    const portfolio = await withDb(dataDir, (db) =>
      db.selectFrom('portfolios').select(['id', 'slug', 'name', 'client_name', 'client_email']).executeTakeFirstOrThrow(),
    );
    expect(portfolio).toMatchObject({ name: 'Quay Homes', client_name: 'Quay Homes', client_email: email });
    const lines = res.stdout.trim().split('\n');
    expect(lines[0]).toBe(`Imported 1 homes from 2 certificate rows into portfolio ${portfolio.id}.`);
    expect(lines).toContain('certificates line 3: LODGEMENT_DATE must be a date written YYYY-MM-DD, not "soon". (skipped)');
    expect(lines.at(-1)).toMatch(new RegExp(`^Landlord's link: http.*/s/portfolio/${portfolio.id}/${portfolio.slug}$`));
  });

  it('says which file cannot be read, and makes no portfolio', async () => {
    const before = await portfolioIds();
    const res = await importPortfolio('Nowhere', 'missing.csv');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`Error: The certificates file ${join(dataDir, 'missing.csv')} cannot be read.`);
    expect(await portfolioIds()).toEqual(before);
  });

  it("leaves no empty portfolio behind when a file is not the register's", async () => {
    const before = await portfolioIds();
    await writeFile(join(dataDir, 'other.csv'), 'name,town\nx,y\n');
    const res = await importPortfolio('Wrong File', 'other.csv');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Error: The certificates file has no LMK_KEY');
    expect(await portfolioIds()).toEqual(before);
  });
});
