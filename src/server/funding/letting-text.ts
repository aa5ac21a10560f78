import { formatPrice } from '../../shared/money';
import { MEES_2030, MEES_COST_CAP_PENCE, MEES_EXEMPTION_YEARS, SCOTLAND_PROPOSAL, type Letting, type ScottishLetting } from './letting';
import type { CapStatus } from './letting-standards';
import { longDate } from './summary';

const capText = (within: CapStatus | null | undefined, cap: number) =>
  within === 'within'
    ? `within the ${formatPrice(cap)} cap`
    : within === 'over'
      ? `more than the ${formatPrice(cap)} cap`
      : within === 'may-exceed'
        ? `which may be more than the ${formatPrice(cap)} cap`
        : 'with a cost the survey does not give for every step';

const stepsText = (steps: readonly { name: string }[]) => steps.map((s) => s.name).join(', ');

/** The landlord's lines, in our words: today's minimum, the decided 2030 target (pending legislation), or Scotland's proposal. */
export function lettingLines(letting: Letting | null, scottish: ScottishLetting | null): string[] {
  const lines: string[] = [];
  if (letting) {
    lines.push(
      letting.meetsMinimum
        ? `Letting now: this home meets the minimum of band ${letting.minimumBand} for a private let in England and Wales.`
        : `Letting now: this home is below the minimum of band ${letting.minimumBand} and may not be let unless an exemption is registered on the PRS Exemptions Register (most last ${MEES_EXEMPTION_YEARS} years). A landlord need not spend more than ${formatPrice(MEES_COST_CAP_PENCE)} including VAT.`,
    );
    if (!letting.meetsMinimum && letting.toReachMinimum?.length) {
      lines.push(
        `Cheapest way to band ${letting.minimumBand} from this survey: ${stepsText(letting.toReachMinimum)}, ${capText(letting.minimumWithinCap, MEES_COST_CAP_PENCE)}.`,
      );
    }
    const target = letting.target2030;
    lines.push(
      `From ${longDate(MEES_2030.date)}: the government has decided every private tenancy must reach the equivalent of band ${MEES_2030.band}, with a ${formatPrice(MEES_2030.costCapPence)} cap and exemptions lasting ${MEES_2030.exemptionYears} years. This still needs an Act of Parliament, and it will be measured on new EPC metrics that today's survey does not give, so the current rating is used here.`,
    );
    if (target?.meets) lines.push(`On its current rating this home already meets band ${MEES_2030.band}.`);
    else if (letting.toReachC?.length)
      lines.push(
        `Cheapest way to band ${MEES_2030.band} from this survey: ${stepsText(letting.toReachC)}, ${capText(target?.withinCap, MEES_2030.costCapPence)}.`,
      );
    else if (letting.toReachC === null)
      lines.push(`None of the recommended measures, even together, take this home to band ${MEES_2030.band}.`);
  }
  if (scottish) {
    lines.push(
      `Scotland (a proposal, not yet law): private lets would need band ${SCOTLAND_PROPOSAL.band} on a new Heat Retention Rating, for new tenancies from ${longDate(SCOTLAND_PROPOSAL.newTenanciesFrom)} and all tenancies by ${SCOTLAND_PROPOSAL.allTenanciesBy}. Today's survey does not give that rating; on its current rating this home ${scottish.meetsOnCurrentRating ? 'is' : 'is not'} band ${SCOTLAND_PROPOSAL.band} or better.`,
    );
  }
  return lines;
}
