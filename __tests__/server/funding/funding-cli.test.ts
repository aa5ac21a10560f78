import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/operator-cli';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'epcplus-funding-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const ruleLine = (stdout: string, id: string) => stdout.split('\n').find((l) => l.startsWith(`${id}\t`)) ?? '';

describe('cli funding list', () => {
  it('prints every rule with its end date and flags those ending within 60 days or not checked for 6 months', async () => {
    const res = await runCli(dataDir, 'funding', 'list', '--on', '2026-11-25');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Funding rules version \S+, on 2026-11-25:/);
    expect(ruleLine(res.stdout, 'eco4')).toMatch(/until 2026-12-31\tchecked 2026-07-02\tENDS IN 36 DAYS$/);
    expect(ruleLine(res.stdout, 'gbis')).toMatch(/until 2026-03-31\t.*\tENDED$/);
    expect(ruleLine(res.stdout, 'bus-heat-pump')).toMatch(/until 2030-03-31\tchecked 2026-07-02\tok$/);

    const later = await runCli(dataDir, 'funding', 'list', '--on', '2027-02-01');
    expect(ruleLine(later.stdout, 'vat-esm-zero-gb')).toMatch(/until 2027-03-31\tchecked 2026-07-02\tENDS IN 58 DAYS, CHECK AGAIN$/);
    expect(ruleLine(later.stdout, 'bus-heat-pump')).toMatch(/\tCHECK AGAIN$/);
  });

  it('refuses a day that is not a date', async () => {
    const res = await runCli(dataDir, 'funding', 'list', '--on', 'next week');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/must be a date YYYY-MM-DD/);
  });
});
