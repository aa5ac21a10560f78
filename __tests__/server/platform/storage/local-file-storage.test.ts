import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localFileStorage, localStorageKeys } from '../../../../src/server/platform/storage/file-storage';
import { fileUrlSigner } from '../../../../src/server/platform/storage/signed-urls';

/** A PDF drawn again replaces the file under the same key while downloads and backups read it. */
describe('local file storage', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'epcplus-files-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('lets a reader see the old file or the new one whole, never part of one, while the key is written again', async () => {
    const storage = localFileStorage(root, fileUrlSigner('test'));
    // Large enough that a write in place takes several writes of the kernel's, so a read can fall between them.
    const versions = ['a', 'b'].map((c) => Buffer.alloc(8 * 1024 * 1024, c));
    await storage.put('reports/1.pdf', versions[0]);
    let writing = true;
    const writes = (async () => {
      for (let i = 1; i <= 40; i++) await storage.put('reports/1.pdf', versions[i % 2]);
      writing = false;
    })();
    const seen = new Set<string>();
    while (writing) {
      const data = (await storage.get('reports/1.pdf'))!;
      const whole = data.length === versions[0].length && (data.equals(versions[0]) || data.equals(versions[1]));
      seen.add(whole ? 'whole' : `part of one (${data.length} bytes)`);
    }
    await writes;
    expect([...seen]).toEqual(['whole']);
    // Nothing is left aside, and listings (storage migrate, backups) see only the key.
    expect(await readdir(join(root, 'reports'))).toEqual(['1.pdf']);
    const keys: string[] = [];
    for await (const key of localStorageKeys(root)) keys.push(key);
    expect(keys).toEqual(['reports/1.pdf']);
  });
});
