import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../platform/db/database';
import { newestPolicyHeads } from './repos/messages';

/**
 * The two documents people are asked to agree to or pointed at: the terms and conditions (sign-up,
 * the card form) and the privacy policy (every footer). A fresh installation has neither, so the
 * operator is told at start, on /api/ready and by the CLI until both are published.
 */
export const POLICY_KINDS = ['terms', 'privacy'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

interface PublishedPolicy {
  title: string;
  /** When it was published, ms since the epoch. */
  at: number;
}
export type PoliciesStatus = Record<PolicyKind, PublishedPolicy | null>;

export const POLICY_NAMES: Record<PolicyKind, string> = { terms: 'terms and conditions', privacy: 'privacy policy' };

/** The one command an operator runs to publish what is missing, with example file names. */
export const POLICY_COMMANDS = {
  status: 'npm run cli -- policies status',
  publish: (missing: readonly PolicyKind[]) =>
    `npm run cli -- policies publish ${missing.map((kind) => `--${kind} ${kind}.html`).join(' ')}`,
};

/** What the operator has published, each with its title and date; null where nothing is. */
export const policiesStatus = (db: Db): Promise<PoliciesStatus> => newestPolicyHeads(db);

/** Whether each policy exists: what a page needs to know before it links to one. */
export function policiesPublished(status: PoliciesStatus): Record<PolicyKind, boolean> {
  return { terms: status.terms !== null, privacy: status.privacy !== null };
}

const missingPolicies = (status: PoliciesStatus): PolicyKind[] => POLICY_KINDS.filter((kind) => status[kind] === null);

/**
 * One sentence for the operator naming what is missing, what that does to the product, and the
 * exact command that publishes it; null once both are published.
 */
export function missingPoliciesWarning(status: PoliciesStatus): string | null {
  const missing = missingPolicies(status);
  if (!missing.length) return null;
  const names = missing.map((kind) => POLICY_NAMES[kind]).join(' and no ');
  const pages = missing.map((kind) => `/${kind}`).join(' and ');
  const unasked = status.terms === null ? '; sign-up and the card form ask nobody to agree to terms' : '';
  return (
    `No ${names} published yet (${pages} ${missing.length > 1 ? 'answer' : 'answers'} 404${unasked}). ` +
    `Publish ${missing.length > 1 ? 'them' : 'it'} from HTML with: ${POLICY_COMMANDS.publish(missing)}`
  );
}

/** At start: one warning in the process's log while a policy is missing (server.log in production). */
export async function warnOfMissingPolicies(db: Db, log: { warn: (message: string) => void }): Promise<string | null> {
  const warning = missingPoliciesWarning(await policiesStatus(db));
  if (warning) log.warn(warning);
  return warning;
}

/** Lets an operator's alerting see a site running without its terms or privacy policy. */
export function registerPolicyMetric(registry: Registry, db: Db): void {
  new Gauge({
    name: 'epcplus_policy_published',
    help: 'Whether the operator has published the terms and conditions and the privacy policy (1) or not (0)',
    labelNames: ['policy'] as const,
    registers: [registry],
    async collect() {
      const status = await policiesStatus(db);
      for (const policy of POLICY_KINDS) this.set({ policy }, status[policy] ? 1 : 0);
    },
  });
}
