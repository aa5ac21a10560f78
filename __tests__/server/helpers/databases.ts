import { isPostgresAvailable } from './postgres';
import type { Dialect } from './test-server';

export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

/**
 * The same describe block once per database: SQLite always, PostgreSQL unless the globalSetup
 * found none (locally only; CI fails instead).
 */
export function describeEachDatabase(name: string, fn: (dialect: Dialect) => void): void {
  for (const dialect of DIALECTS) {
    const run = dialect === 'postgres' && !isPostgresAvailable() ? describe.skip : describe;
    run(`${name} (${dialect})`, () => fn(dialect));
  }
}
