import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Db } from '../platform/db/database';
import { publishPolicies } from '../messages/messages';
import { POLICY_COMMANDS, POLICY_KINDS, POLICY_NAMES, missingPoliciesWarning, policiesStatus } from '../messages/policies';
import { loadConfig } from '../platform/config/config';
import { printable, say } from './text';

type WithDb = <Args extends unknown[]>(action: (db: Db, ...args: Args) => Promise<void>) => (...args: Args) => Promise<void>;

const DEFAULT_TITLES = { terms: 'Terms and conditions', privacy: 'Privacy policy' } as const;

const dateTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** The help's last lines: how to check and publish the terms and privacy policy, which a fresh installation lacks. */
export const POLICIES_HELP = [
  '',
  'Terms and privacy policy: a new installation has neither, and /terms and /privacy answer 404 until they are published.',
  `  See what is published:  ${POLICY_COMMANDS.status}`,
  `  Publish both:           ${POLICY_COMMANDS.publish(POLICY_KINDS)}`,
].join('\n');

/**
 * After any command that opened the database: the operator is reminded, on stderr (stdout may be
 * piped into a file), for as long as a policy is missing.
 */
export async function remindOfMissingPolicies(db: Db): Promise<void> {
  const warning = missingPoliciesWarning(await policiesStatus(db));
  if (warning) console.error(`\n${printable(`Reminder: ${warning}`)}`);
}

/** What the product itself does with personal data, for the operator to check the privacy policy says it. */
export function privacyPolicyChecklist(): string {
  return (
    `It should say that owners' names, emails and phones in quote requests are erased after ${loadConfig().quoteRequestRetentionDays} days ` +
    '(QUOTE_REQUEST_RETENTION_DAYS), and that shared links set a share_browser cookie to count opens once per browser a day.'
  );
}

interface PublishOptions {
  terms?: string;
  termsTitle: string;
  privacy?: string;
  privacyTitle: string;
}

/** `policies status` and `policies publish`; `terms publish` and `privacy publish` stay for scripts that use them. */
export function registerPolicyCommands(program: Command, withDb: WithDb): void {
  const policies = program.command('policies').description('the terms and conditions and the privacy policy people are shown');
  policies
    .command('status')
    .description('what is published and since when, and how to publish what is missing')
    .action(
      withDb(async (db) => {
        const status = await policiesStatus(db);
        for (const kind of POLICY_KINDS) {
          const published = status[kind];
          const name = POLICY_NAMES[kind];
          say(published ? `${name}: "${published.title}", published ${dateTime(published.at)}, at /${kind}` : `${name}: not published`);
        }
        const warning = missingPoliciesWarning(status);
        say(warning ?? 'Both are published.');
      }),
    );
  policies
    .command('publish')
    .description('publish the terms, the privacy policy or both from HTML files (only formatting and links are kept)')
    .option('--terms <file>', 'an HTML file with the terms and conditions')
    .option('--terms-title <title>', 'the title shown above the terms', DEFAULT_TITLES.terms)
    .option('--privacy <file>', 'an HTML file with the privacy policy')
    .option('--privacy-title <title>', 'the title shown above the privacy policy', DEFAULT_TITLES.privacy)
    .action(
      withDb(async (db, o: PublishOptions) => {
        if (!o.terms && !o.privacy)
          throw new Error(`Give --terms <file>, --privacy <file> or both, e.g. ${POLICY_COMMANDS.publish(POLICY_KINDS)}`);
        // Both files are read before anything is stored: a wrong path publishes neither.
        const terms = o.terms ? { title: o.termsTitle, html: readFileSync(o.terms, 'utf8') } : undefined;
        const privacy = o.privacy ? { title: o.privacyTitle, html: readFileSync(o.privacy, 'utf8') } : undefined;
        await publishPolicies(db, { terms, privacy });
        if (terms) say(`Published the terms "${terms.title.trim()}" at /terms; every user is asked to accept them at their next visit.`);
        if (privacy) {
          say(`Published the privacy policy "${privacy.title.trim()}" at /privacy.`);
          say(privacyPolicyChecklist());
        }
        say(missingPoliciesWarning(await policiesStatus(db)) ?? 'Both the terms and the privacy policy are published.');
      }),
    );
}
