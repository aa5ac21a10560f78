import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The register's sample lodgements, kept beside the repository (CI checks shared/ out next to
 * it). A missing folder throws at load time, so the suites fail instead of passing empty.
 */
export const FIXTURE_DIR = resolve(__dirname, '../../../fixtures/epc');

export function fixtureNames(): string[] {
  if (!existsSync(FIXTURE_DIR)) throw new Error(`EPC fixtures not found at ${FIXTURE_DIR}: shared/ must sit beside the repository.`);
  return readdirSync(FIXTURE_DIR)
    .filter((name) => name.endsWith('.xml'))
    .sort();
}

export const readFixture = (name: string): Buffer => readFileSync(resolve(FIXTURE_DIR, name));
