import { PRODUCT_NAME } from '../../shared/constants';
import type { OutgoingEmail } from '../email/mailer';

/** The owner's Premium report is ready: the link is theirs to keep, and where contractors for its measures are found. */
export function premiumReadyEmail(args: {
  to: string;
  reportName: string;
  url: string;
  assessorName: string;
  companyName: string;
}): OutgoingEmail {
  const by = args.assessorName ? `${args.assessorName} of ${args.companyName}` : args.companyName;
  return {
    to: args.to,
    subject: `Your Premium Report for ${args.reportName} is ready`.replace(/[\r\n\t]+/g, ' ').slice(0, 200),
    text: [
      `Your Premium Report for ${args.reportName} is ready.`,
      '',
      `Open it here: ${args.url}`,
      '',
      `${by} has set out the plans that suit your home, step by step, with what each costs and the rating it reaches, and their remarks.`,
      'From the same link you can ask recommended contractors for quotes for each improvement.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}
