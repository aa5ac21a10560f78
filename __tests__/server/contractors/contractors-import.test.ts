import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../src/server/platform/db/database';
import { imageMimeOf, importContractorsCsv, listContractors } from '../../../src/server/contractors/contractors';
import { voucherMessage } from '../../../src/server/sharing/vouchers';
import { describeEachDatabase } from '../helpers/databases';
import { useTestServer } from '../helpers/test-server';
import { CSV_HEADER } from '../sharing/shared-helpers';
import { runCli, userRow, withDb as withDataDirDb } from '../helpers/operator-cli';

describeEachDatabase('contractors import', (dialect) => {
  const server = useTestServer(dialect);

  it('keeps good rows, reports bad ones by line, and updates a re-imported key', async () => {
    const csv = [
      CSV_HEADER,
      'warm,Warm Lofts,https://warm.example.com,1 Lane,Quotes@Warm.example.com,0111,https://warm.example.com/l.jpeg,5;6 45,eh G',
      'bad key!,X,,,x@example.com,,,5,EH',
      'nomail,No Mail,,,not-an-email,,,5,EH',
      'js,Script,javascript:alert(1),,js@example.com,,,5,EH',
      'area,Bad Area,,,a@example.com,,,5,E1',
      'none,No Codes,,,n@example.com,,,,EH',
      'short,Too Few,,,s@example.com',
      '"broken,quote,,,b@example.com,,,5,EH',
    ].join('\n');
    const first = await importContractorsCsv(server().db, csv);
    expect(first.imported).toBe(1);
    expect(first.problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(await listContractors(server().db)).toEqual([
      {
        key: 'warm',
        name: 'Warm Lofts',
        url: 'https://warm.example.com',
        address: '1 Lane',
        email: 'quotes@warm.example.com',
        tel: '0111',
        image: 'https://warm.example.com/l.jpeg',
        image_mime: 'image/jpeg',
        measures: ['45', '5', '6'],
        areas: ['EH', 'G'],
      },
    ]);

    const again = await importContractorsCsv(server().db, 'warm,Warm Lofts Ltd,,,new@warm.example.com,,,7,AB');
    expect(again).toEqual({ imported: 1, problems: [] });
    const [updated] = await listContractors(server().db);
    expect(updated).toMatchObject({
      name: 'Warm Lofts Ltd',
      email: 'new@warm.example.com',
      image: '',
      image_mime: '',
      measures: ['7'],
      areas: ['AB'],
    });
    expect(await server().db.selectFrom('contractors').select('id').execute()).toHaveLength(1);
  });

  it('derives the image type from the address', () => {
    expect(imageMimeOf('https://x.example.com/a/logo.PNG?v=3#top')).toBe('image/png');
    expect(imageMimeOf('https://x.example.com/a.svg')).toBe('image/svg+xml');
    expect(imageMimeOf('https://x.example.com/image')).toBe('');
  });
});

/** The operator CLI through tsx, as cli.test.ts runs it, against its own SQLite DATA_DIR. */
describe('operator CLI: contractors, vouchers, sharing (SQLite)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'epcplus-cli-shared-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  const cli = (...args: string[]) => runCli(dataDir, ...args);
  const withDb = <T>(work: (db: Db) => Promise<T>) => withDataDirDb(dataDir, work);

  it('imports contractors from a CSV, reporting bad rows, and lists them', async () => {
    const file = join(dataDir, 'contractors.csv');
    await writeFile(file, [CSV_HEADER, 'warm,Warm Lofts,,,w@example.com,0111,,5 6,EH;G', 'oops,,,,o@example.com,,,5,EH'].join('\n'));
    const res = await cli('contractors', 'import', file);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('line 3: the name is missing');
    expect(res.stdout).toContain('Imported 1 contractors; skipped 1 rows.');
    const list = await cli('contractors', 'list');
    expect(list.stdout.trim()).toBe('warm\tWarm Lofts\tw@example.com\t0111\tmeasures 5 6\tareas EH G');
  }, 120_000);

  it('adds, lists and removes vouchers', async () => {
    expect((await cli('vouchers', 'add', 'save-100', '--message', '£100 off', '--expires', '2099-12-31')).code).toBe(0);
    const bad = await cli('vouchers', 'add', 'X', '--message', 'm', '--expires', '2099-13-01');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('YYYY-MM-DD');
    expect((await cli('vouchers', 'list')).stdout.trim()).toBe('SAVE-100\tactive\texpires 2099-12-31\t£100 off');
    expect(await withDb((db) => voucherMessage(db, 'Save-100'))).toBe('£100 off');
    expect((await cli('vouchers', 'remove', 'SAVE-100')).code).toBe(0);
    expect(await withDb((db) => voucherMessage(db, 'SAVE-100'))).toBe('That discount code is not valid.');
    expect((await cli('vouchers', 'remove', 'NOTHING')).code).not.toBe(0);
  }, 120_000);

  it("sets an assessor's share mode", async () => {
    await withDb((db) =>
      db
        .insertInto('users')
        .values(userRow({ email: 'a@example.com', scheme: 'stroma' }))
        .execute(),
    );
    expect((await cli('sharing', 'set-mode', 'a@example.com', 'download')).code).toBe(0);
    expect((await cli('sharing', 'set-mode', 'a@example.com', 'sideways')).code).not.toBe(0);
    const row = await withDb((db) => db.selectFrom('users').select('share_mode').executeTakeFirstOrThrow());
    expect(row.share_mode).toBe('download');
  }, 120_000);
});
