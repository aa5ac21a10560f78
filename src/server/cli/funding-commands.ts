import { row, say } from './text';
import { InvalidArgumentError, type Command } from 'commander';
import { FUNDING_RULES_VERSION } from '../funding/rules';
import { ENDING_SOON_DAYS, RECHECK_MONTHS, ruleListRows } from '../funding/rule-list';
import { isoDate } from '../funding/eligibility';

const dayOption = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw new InvalidArgumentError('must be a date YYYY-MM-DD');
  return value;
};

/** The funding rules the reports use, so operators keep them true: they live in src/server/funding/rules.ts. */
export function registerFundingCommands(program: Command): void {
  program
    .command('funding')
    .description('funding schemes and tax reliefs the reports show')
    .command('list')
    .description(
      `every rule with its dates; flags those ending within ${ENDING_SOON_DAYS} days or checked over ${RECHECK_MONTHS} months ago`,
    )
    .option('--on <YYYY-MM-DD>', 'judge the flags on this day instead of today', dayOption)
    .action((o: { on?: string }) => {
      const today = o.on ?? isoDate(new Date());
      say(`Funding rules version ${FUNDING_RULES_VERSION}, on ${today}:`);
      for (const fields of ruleListRows(today)) row(fields);
    });
}
