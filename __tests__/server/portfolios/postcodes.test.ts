import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { loadConfig } from '../../../src/server/platform/config/config';
import { JOB_STATUS } from '../../../src/server/platform/db/job-status';
import { REPORT_STATUS, REPORT_TYPE } from '../../../src/shared/states';
import { queuePostcodeLookup, LOCATE_POSTCODES } from '../../../src/server/portfolios/jobs';
import { locationsOf, lookUpPostcodes, postcodeKey, POSTCODES_PER_REQUEST } from '../../../src/server/portfolios/postcodes';
import { startPostcodesStandIn, type PostcodesStandIn } from '../../support/postcodes-stand-in';
import { describeEachDatabase } from '../helpers/databases';
import { loggedInUser } from '../helpers/factories';
import { openSocket } from '../helpers/sockets';
import { buildTestServer, PUBLIC_URL, type TestServer } from '../helpers/test-server';

const LEEDS = { latitude: 53.7965, longitude: -1.5478 };
const CARDIFF = { latitude: 51.4816, longitude: -3.1791 };
const SOLIHULL = { latitude: 52.4105, longitude: -1.7766 };

describe('postcodeKey', () => {
  it('upper-cases and puts one space before the inward code', () => {
    expect(postcodeKey('ls14ab')).toBe('LS1 4AB');
    expect(postcodeKey('  sw1a   2aa ')).toBe('SW1A 2AA');
    expect(postcodeKey('B90 4SS')).toBe('B90 4SS');
  });

  it('reads a long run of spaces in linear time', () => {
    const started = performance.now();
    postcodeKey(`${' '.repeat(100_000)}x`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the map settings', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'epcplus-map-settings-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const settings = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });

  it("defaults to postcodes.io and OpenStreetMap's tiles, kept as written", () => {
    expect(settings()).toMatchObject({
      postcodesApiUrl: 'https://api.postcodes.io',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    expect(settings({ POSTCODES_API_URL: 'http://postcodes.internal:8000/' }).postcodesApiUrl).toBe('http://postcodes.internal:8000');
  });

  it('refuses addresses that cannot work, naming the setting', () => {
    expect(() => settings({ POSTCODES_API_URL: 'ftp://postcodes.example' })).toThrow(/POSTCODES_API_URL must be/);
    expect(() => settings({ POSTCODES_API_URL: 'https://api.postcodes.io?key=1' })).toThrow(/POSTCODES_API_URL must be/);
    expect(() => settings({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(/MAP_TILE_URL must be .*\{z\}, \{x\} and \{y\}/);
    expect(() => settings({ MAP_TILE_URL: 'tiles/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL must be an address/);
  });
});

describeEachDatabase('postcode lookup for the portfolio map', (dialect) => {
  let standIn: PostcodesStandIn;
  let server: TestServer;
  const sockets: Socket[] = [];

  beforeEach(async () => {
    standIn = await startPostcodesStandIn({ 'LS1 4AB': LEEDS, 'CF10 1AB': CARDIFF, 'B90 4SS': SOLIHULL });
    server = await buildTestServer({ dialect, env: { POSTCODES_API_URL: standIn.url } });
  });
  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.close());
    await server.close();
    await standIn.close();
  });

  const deps = () => server.app.deps;

  it('keeps the centres the service knows and the postcodes it does not, and asks each once', async () => {
    const outcome = await lookUpPostcodes(deps(), ['ls14ab', 'LS1 4AB', 'CF10 1AB', 'ZZ9 9ZZ', 'not a postcode']);

    expect(outcome).toEqual({ found: 2, unknown: 1, failed: 0 });
    expect(standIn.asked().sort()).toEqual(['CF10 1AB', 'LS1 4AB', 'ZZ9 9ZZ']);
    const located = await locationsOf(server.db, ['ls1 4ab', 'CF10 1AB', 'ZZ9 9ZZ', 'B90 4SS']);
    expect(Object.fromEntries(located)).toEqual({
      'LS1 4AB': { lat: LEEDS.latitude, lng: LEEDS.longitude },
      'CF10 1AB': { lat: CARDIFF.latitude, lng: CARDIFF.longitude },
    });
    const unknown = await server.db.selectFrom('postcode_locations').selectAll().where('postcode', '=', 'ZZ9 9ZZ').executeTakeFirst();
    expect(unknown).toMatchObject({ latitude: null, longitude: null });

    await expect(lookUpPostcodes(deps(), ['LS1 4AB', 'ZZ9 9ZZ', 'B90 4SS'])).resolves.toEqual({ found: 1, unknown: 0, failed: 0 });
    expect(standIn.requests().at(-1)).toEqual(['B90 4SS']);
    expect(standIn.requests()).toHaveLength(2);
  });

  it('asks a hundred postcodes a request', async () => {
    const many = Array.from({ length: 250 }, (_, i) => `AB${Math.floor(i / 10) + 1} ${i % 10}AA`);

    const outcome = await lookUpPostcodes(deps(), many);

    expect(standIn.requests().map((r) => r.length)).toEqual([POSTCODES_PER_REQUEST, POSTCODES_PER_REQUEST, 50]);
    expect(outcome).toEqual({ found: 0, unknown: 250, failed: 0 });
  });

  it('survives the service being down and asks again later', async () => {
    standIn.setMode('down');

    await expect(lookUpPostcodes(deps(), ['LS1 4AB'])).resolves.toEqual({ found: 0, unknown: 0, failed: 1 });
    expect((await locationsOf(server.db, ['LS1 4AB'])).size).toBe(0);

    standIn.setMode('answer');
    await expect(lookUpPostcodes(deps(), ['LS1 4AB'])).resolves.toEqual({ found: 1, unknown: 0, failed: 0 });
  });

  it('gives up on a service that does not answer by its deadline', async () => {
    standIn.setMode('hang');

    await expect(lookUpPostcodes(deps(), ['LS1 4AB', 'CF10 1AB'], 300)).resolves.toEqual({ found: 0, unknown: 0, failed: 2 });
  });

  describe('the job', () => {
    async function portfolioWithHomes(userId: number): Promise<number> {
      const now = Date.now();
      const portfolio = await server.db
        .insertInto('portfolios')
        .values({
          user_id: userId,
          slug: `p-${now}-${Math.random()}`,
          name: 'North',
          client_name: 'Ann',
          client_email: 'ann@example.com',
          search_text: 'north',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const report = await server.db
        .insertInto('reports')
        .values({
          user_id: userId,
          slug: `r-${now}-${Math.random()}`,
          type: REPORT_TYPE.preliminary,
          status: REPORT_STATUS.ready,
          name: '1 Station Road, B90 4SS',
          search_text: '1 station road b904ss',
          current_epc: 55,
          current_epc_band: 'D',
          survey: JSON.stringify({ address: { lines: ['1 Station Road'], town: 'Solihull', postcode: 'B90 4SS' } }),
          measures: '[]',
          branding_id: null,
          xml1_key: 'uploads/none.xml',
          pdf_key: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const certificate = await server.db
        .insertInto('register_certificates')
        .values({
          user_id: userId,
          lmk_key: `lmk-${now}`,
          address: '2 Park Row',
          postcode: 'LS1 4AB',
          address_key: '2 park row ls1 4ab',
          country: 'ENG',
          current_rating: 40,
          potential_rating: 70,
          lodgement_date: '2020-01-01',
          recommendations: '[]',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.db
        .insertInto('portfolio_homes')
        .values([
          { portfolio_id: portfolio.id, report_id: report.id, certificate_id: null, added_at: now },
          { portfolio_id: portfolio.id, report_id: null, certificate_id: certificate.id, added_at: now },
        ])
        .execute();
      return portfolio.id;
    }

    async function openTab(cookie: string): Promise<Socket> {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as { port: number };
      const socket = await openSocket(`http://127.0.0.1:${port}`, { cookie, origin: PUBLIC_URL });
      sockets.push(socket);
      return socket;
    }

    it("places the portfolio's homes and tells its owner's open page", async () => {
      const user = await loggedInUser(server);
      const portfolioId = await portfolioWithHomes(user.id);
      const tab = await openTab(user.cookie);
      const told = new Promise((resolve) => tab.once('portfolioUpdate', resolve));

      await queuePostcodeLookup(deps(), portfolioId);
      await deps().jobs.drain();

      await expect(told).resolves.toEqual({ portfolio_id: portfolioId });
      const located = await locationsOf(server.db, ['B90 4SS', 'LS1 4AB']);
      expect(Object.fromEntries(located)).toEqual({
        'B90 4SS': { lat: SOLIHULL.latitude, lng: SOLIHULL.longitude },
        'LS1 4AB': { lat: LEEDS.latitude, lng: LEEDS.longitude },
      });
    });

    it('is tried again while the service is down, and places the homes once it is back', async () => {
      const user = await loggedInUser(server);
      const portfolioId = await portfolioWithHomes(user.id);
      standIn.setMode('down');

      await queuePostcodeLookup(deps(), portfolioId);
      await deps().jobs.drain();

      const job = () => server.db.selectFrom('jobs').selectAll().where('kind', '=', LOCATE_POSTCODES.kind).executeTakeFirstOrThrow();
      expect(await job()).toMatchObject({ attempts: 1, status: JOB_STATUS.queued });
      expect((await locationsOf(server.db, ['B90 4SS', 'LS1 4AB'])).size).toBe(0);

      standIn.setMode('answer');
      const tab = await openTab(user.cookie);
      const told = new Promise((resolve) => tab.once('portfolioUpdate', resolve));
      // The retry's wait, passed.
      await server.db
        .updateTable('jobs')
        .set({ run_after: Date.now() - 1 })
        .where('kind', '=', LOCATE_POSTCODES.kind)
        .execute();
      await deps().jobs.drain();

      await expect(told).resolves.toEqual({ portfolio_id: portfolioId });
      expect((await locationsOf(server.db, ['B90 4SS', 'LS1 4AB'])).size).toBe(2);
      expect((await job()).status).toBe(JOB_STATUS.done);
    });
  });
});
