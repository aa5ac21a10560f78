import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import SQLite from 'better-sqlite3';
import type { z } from 'zod';
import type { registerImportResult } from '../../../shared/api/portfolios';
import type { Deps } from '../../deps';
import { inTransaction, type Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/http-error';
import { queuePostcodeLookup } from '../jobs';
import { findUsersPortfolio, touchPortfolio } from '../repos/portfolios';
import { ProblemList, readCertificate, readRecommendation, readRegisterFile, type CertificateRow, type RecommendationRow } from './parse';
import { insertCertificateHomes, registerHomesOf, ROWS_PER_INSERT, setHomeCertificate, upsertCertificates } from './repos';

export type RegisterImportResult = z.output<typeof registerImportResult>;
export type RegisterImportDeps = Pick<Deps, 'db' | 'jobs' | 'realtime'>;

/** A home as the import sees it: the certificate it keeps so far, and its row if it is in the portfolio already. */
interface Home {
  lmkKey: string;
  lodgementDate: string;
  /** The kept certificate is one of this import's. */
  fromFiles: boolean;
  homeId: number | null;
  certificateId: number | null;
}

/** Newer: lodged later, or lodged the same day with the later LMK_KEY (the register's own order). */
const isNewer = (a: { lodgementDate: string; lmkKey: string }, b: { lodgementDate: string; lmkKey: string }) =>
  a.lodgementDate > b.lodgementDate || (a.lodgementDate === b.lodgementDate && a.lmkKey > b.lmkKey);

/**
 * The good rows of both files, set down as they are read in an SQLite file of the import's own:
 * on disk rather than in memory, and able to gather a certificate's recommendations wherever the
 * file lists them. No other connection reads it, so it is written in one transaction of its own
 * with no journal or fsync, and deleted with the import.
 */
class Staging {
  private readonly db: SQLite.Database;
  private readonly addCertificate: SQLite.Statement<[string, string]>;
  private readonly addRecommendation: SQLite.Statement<[string, number, string | null, string, string]>;
  private writing = true;

  constructor(path: string) {
    this.db = new SQLite(path);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec(`
      CREATE TABLE certificates (seq INTEGER PRIMARY KEY, lmk_key TEXT NOT NULL, row TEXT NOT NULL);
      CREATE TABLE recommendations (
        seq INTEGER PRIMARY KEY, lmk_key TEXT NOT NULL, item INTEGER NOT NULL, number TEXT, text TEXT NOT NULL, cost TEXT NOT NULL
      );
      BEGIN;`);
    this.addCertificate = this.db.prepare('INSERT INTO certificates (lmk_key, row) VALUES (?, ?)');
    this.addRecommendation = this.db.prepare('INSERT INTO recommendations (lmk_key, item, number, text, cost) VALUES (?, ?, ?, ?, ?)');
  }

  certificate(row: CertificateRow): void {
    this.addCertificate.run(row.lmkKey, JSON.stringify(row));
  }

  recommendation(row: RecommendationRow): void {
    this.addRecommendation.run(row.lmkKey, row.item, row.number, row.text, row.indicativeCost);
  }

  /**
   * Ends the writing and gathers each certificate's recommendations, in IMPROVEMENT_ITEM order, as
   * they are stored (RegisterRecommendation[] as JSON): done here, before the database's
   * transaction, so that holds its lock only while it writes.
   */
  finishWriting(): void {
    if (!this.writing) return;
    this.writing = false;
    this.db.exec(`
      COMMIT;
      CREATE TABLE lists (lmk_key TEXT PRIMARY KEY, list TEXT NOT NULL) WITHOUT ROWID;
      INSERT INTO lists
        SELECT lmk_key, json_group_array(json_object('number', number, 'text', text, 'indicativeCost', cost) ORDER BY item, seq)
        FROM recommendations GROUP BY lmk_key;`);
  }

  /** The certificates in file order with their recommendations, a page at a time. */
  *certificatePages(size: number): Generator<(CertificateRow & { recommendations: string })[]> {
    const page = this.db.prepare<[number, number], { seq: number; row: string; list: string | null }>(
      'SELECT c.seq, c.row, l.list FROM certificates c LEFT JOIN lists l ON l.lmk_key = c.lmk_key WHERE c.seq > ? ORDER BY c.seq LIMIT ?',
    );
    for (let after = 0; ;) {
      const rows = page.all(after, size);
      if (rows.length === 0) return;
      after = rows[rows.length - 1].seq;
      yield rows.map((r) => ({ ...(JSON.parse(r.row) as CertificateRow), recommendations: r.list ?? '[]' }));
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/**
 * One import of the register's bulk files into a portfolio. The files are read as they arrive
 * (an upload is never held whole) and their good rows set down on disk; only once both are read
 * does a single transaction write the kept ones, so a slow upload holds no lock and a failure
 * leaves nothing half-written. In memory: one small entry per home and per LMK_KEY.
 */
export class RegisterImport {
  private readonly problems = new ProblemList();
  private readonly homes: Home[] = [];
  private readonly byUprn = new Map<string, Home>();
  private readonly byAddress = new Map<string, Home>();
  private readonly seenLmkKeys = new Set<string>();
  private certificatesRead = false;
  private rows = 0;

  private constructor(
    private readonly deps: RegisterImportDeps,
    private readonly userId: number,
    private readonly portfolioId: number,
    private readonly dir: string,
    private readonly staging: Staging,
  ) {}

  /** Starts an import into the user's own portfolio; another's, or a deleted one, is not found. */
  static async start(deps: RegisterImportDeps, userId: number, portfolioId: number): Promise<RegisterImport> {
    const portfolio = await findUsersPortfolio(deps.db, userId, portfolioId);
    if (!portfolio) throw notFound('That portfolio does not exist.');
    if (portfolio.deleted_at) throw notFound('That portfolio has been deleted.');
    const homes = await registerHomesOf(deps.db, portfolioId);
    const dir = await mkdtemp(join(tmpdir(), 'register-import-'));
    const started = new RegisterImport(deps, userId, portfolioId, dir, new Staging(join(dir, 'staging.sqlite')));
    // Homes imported before are matched like the new rows, so importing again updates them.
    for (const h of homes) {
      const home = { lmkKey: h.lmkKey, lodgementDate: h.lodgementDate, fromFiles: false, homeId: h.homeId, certificateId: h.certificateId };
      started.homes.push(home);
      started.index(h, home);
    }
    return started;
  }

  /** The home a certificate belongs to: by UPRN first, then by address and postcode. */
  private find(row: Pick<CertificateRow, 'uprn' | 'addressKey'>): Home | undefined {
    return (row.uprn ? this.byUprn.get(row.uprn) : undefined) ?? this.byAddress.get(row.addressKey);
  }

  /** Later rows find the home by this row's UPRN and address too, unless another home has them already. */
  private index(row: Pick<CertificateRow, 'uprn' | 'addressKey'>, home: Home): void {
    if (row.uprn && !this.byUprn.has(row.uprn)) this.byUprn.set(row.uprn, home);
    if (!this.byAddress.has(row.addressKey)) this.byAddress.set(row.addressKey, home);
  }

  async readCertificates(source: Readable): Promise<void> {
    this.rows += await readRegisterFile(
      source,
      'certificates',
      readCertificate,
      (row, line) => this.takeCertificate(row, line),
      this.problems,
    );
    this.certificatesRead = true;
  }

  private takeCertificate(row: CertificateRow, line: number): void {
    if (this.seenLmkKeys.has(row.lmkKey)) {
      this.problems.add('certificates', line, `LMK_KEY ${row.lmkKey} is on an earlier line too; only that line is read.`);
      return;
    }
    this.seenLmkKeys.add(row.lmkKey);
    this.staging.certificate(row);
    const home = this.find(row);
    if (!home) {
      const made = { lmkKey: row.lmkKey, lodgementDate: row.lodgementDate, fromFiles: true, homeId: null, certificateId: null };
      this.homes.push(made);
      this.index(row, made);
      return;
    }
    this.index(row, home);
    // The same certificate as the home has (imported before) read again: its row is refreshed.
    if (isNewer(row, home) || row.lmkKey === home.lmkKey) {
      home.lmkKey = row.lmkKey;
      home.lodgementDate = row.lodgementDate;
      home.fromFiles = true;
    }
  }

  async readRecommendations(source: Readable): Promise<void> {
    await readRegisterFile(source, 'recommendations', readRecommendation, (row) => this.takeRecommendation(row), this.problems);
  }

  private takeRecommendation(row: RecommendationRow): void {
    // Read after the certificates (as the form and the command send them), those of no certificate are dropped at once.
    if (!this.certificatesRead || this.seenLmkKeys.has(row.lmkKey)) this.staging.recommendation(row);
  }

  /** Writes what was read, in one transaction; then tells the user's open pages and queues the map's postcode lookup. */
  async finish(): Promise<RegisterImportResult> {
    const kept = new Map(this.homes.filter((h) => h.fromFiles).map((h) => [h.lmkKey, h]));
    this.staging.finishWriting();
    await inTransaction(this.deps.db, (tx) => this.write(tx, kept));
    this.deps.jobs.kick();
    this.deps.realtime.push(this.userId, 'portfolioUpdate', { portfolio_id: this.portfolioId });
    return { success: true, homes: kept.size, rows: this.rows, problems: this.problems.listed, problem_count: this.problems.count };
  }

  private async write(tx: Db, kept: Map<string, Home>): Promise<void> {
    const now = Date.now();
    const certificateIds = new Map<string, number>();
    for (const page of this.staging.certificatePages(ROWS_PER_INSERT)) {
      const rows = page.filter((r) => kept.has(r.lmkKey));
      for (const [lmkKey, id] of await upsertCertificates(tx, this.userId, rows, now)) certificateIds.set(lmkKey, id);
    }
    const inPortfolio = new Set(this.homes.map((h) => h.certificateId));
    const added: number[] = [];
    for (const home of kept.values()) {
      const certificateId = certificateIds.get(home.lmkKey)!;
      if (home.homeId === null) added.push(certificateId);
      // A certificate some other home of the portfolio holds already stays with that home.
      else if (certificateId !== home.certificateId && !inPortfolio.has(certificateId))
        await setHomeCertificate(tx, home.homeId, certificateId);
    }
    for (let i = 0; i < added.length; i += ROWS_PER_INSERT)
      await insertCertificateHomes(tx, this.portfolioId, added.slice(i, i + ROWS_PER_INSERT), now);
    await touchPortfolio(tx, this.portfolioId, now);
    await queuePostcodeLookup(this.deps, this.portfolioId, tx);
  }

  /** Removes what was set down on disk; call it however the import ends. */
  async discard(): Promise<void> {
    this.staging.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/**
 * Imports the register's certificates.csv and recommendations.csv into the user's portfolio: the
 * newest certificate of each home, matched by UPRN, else by address and postcode, to the homes
 * imported before, which are updated rather than added again.
 */
export async function importRegister(
  deps: RegisterImportDeps,
  input: { userId: number; portfolioId: number; certificates: Readable; recommendations: Readable },
): Promise<RegisterImportResult> {
  const run = await RegisterImport.start(deps, input.userId, input.portfolioId);
  try {
    await run.readCertificates(input.certificates);
    await run.readRecommendations(input.recommendations);
    return await run.finish();
  } finally {
    await run.discard();
  }
}
