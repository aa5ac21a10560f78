import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localFileStorage } from '../../../src/server/platform/storage/file-storage';
import { fileUrlSigner } from '../../../src/server/platform/storage/signed-urls';
import { describeEachDatabase } from '../helpers/databases';
import { useTestServer } from '../helpers/test-server';
import { runCli } from '../helpers/operator-cli';
import { addCouncilTax } from '../helpers/reports';
import { councilTaxFor } from '../../../src/server/surveys/council-tax';

describe('file storage', () => {
  it('keeps files under its folder and refuses keys that would leave it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'epcplus-storage-'));
    try {
      const storage = localFileStorage(join(dir, 'files'), fileUrlSigner('test'));
      await storage.put('reports/1.pdf', Buffer.from('pdf'));
      expect(String(await readFile(join(dir, 'files/reports/1.pdf')))).toBe('pdf');
      expect(await storage.get('reports/2.pdf')).toBeNull();
      for (const key of ['../escape.txt', 'reports/../../escape', '/etc/passwd', 'a/./b', '']) {
        await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Unsafe storage key');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('puts a file into a folder that was removed after its first file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'epcplus-storage-'));
    try {
      const storage = localFileStorage(join(dir, 'files'), fileUrlSigner('test'));
      await storage.put('reports/1.pdf', Buffer.from('one'));
      await rm(join(dir, 'files'), { recursive: true });
      await storage.put('reports/2.pdf', Buffer.from('two'));
      expect(String(await readFile(join(dir, 'files/reports/2.pdf')))).toBe('two');
      await storage.put('reports/3.pdf', Buffer.from('three'));
      expect(String(await storage.get('reports/3.pdf'))).toBe('three');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describeEachDatabase('council tax table', (dialect) => {
  const server = useTestServer(dialect);

  it('finds addresses by postcode whatever its spacing and case, and a re-import corrects a band', async () => {
    await addCouncilTax(server(), [
      ['cf10 1ab', '1 High Street', 'C'],
      ['CF101AB', '2 High Street', 'D'],
    ]);
    await addCouncilTax(server(), [['CF10 1AB', '1 High Street', 'E']]);
    expect(await councilTaxFor(server().db, ' Cf10  1aB ')).toEqual([
      { address: '1 High Street', band: 'E' },
      { address: '2 High Street', band: 'D' },
    ]);
  });

  it('reports bad rows by line and keeps the good ones', async () => {
    const result = await addCouncilTax(server(), [
      ['CF10 1AB', '1 High Street', 'C'],
      ['NOT A POSTCODE', '2 High Street', 'D'],
      ['CF10 1AB', '3 High Street', 'Z'],
    ]);
    expect(result.imported).toBe(1);
    expect(result.problems).toEqual([
      { line: 2, error: '"NOT A POSTCODE" is not a UK postcode' },
      { line: 3, error: '"Z" is not a council tax band A to H' },
    ]);
  });
});

describe('npm run cli -- ctax import', () => {
  it('imports a CSV file and names each skipped line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'epcplus-ctax-'));
    try {
      const csv = join(dir, 'ctax.csv');
      await writeFile(
        csv,
        'postcode,address,band\nCF10 1AB,"1 High Street, Cardiff",C\nCF10 1AB,Only two columns\nCF10 1AB,3 High Street,H\n',
      );
      const { code, stdout } = await runCli(dir, 'ctax', 'import', csv);
      expect(code).toBe(0);
      expect(stdout).toContain('line 3: expected 3 columns (postcode, address, band), found 2 (skipped)');
      expect(stdout).toContain('Imported 2 council tax entries; skipped 1 rows.');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
