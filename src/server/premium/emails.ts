import { PRODUCT_NAME } from '../../shared/constants';
import { brandedEmail, type EmailBranding } from '../platform/email/branded-email';
import type { OutgoingEmail } from '../platform/email/mailer';

/** The owner's Premium report is ready: the link is theirs to keep, and where contractors for its measures are found. */
export function premiumReadyEmail(args: { to: string; reportName: string; url: string; branding: EmailBranding }): Promise<OutgoingEmail> {
  const { branding } = args;
  const by = branding.assessorName
    ? `${branding.assessorName}${branding.companyName && branding.companyName !== branding.assessorName ? ` of ${branding.companyName}` : ''}`
    : branding.companyName || `Your ${PRODUCT_NAME} assessor`;
  return brandedEmail({
    to: args.to,
    subject: `Your Premium Report for ${args.reportName} is ready`,
    preview: `${by} has finished your Premium Report.`,
    branding,
    ...(branding.email ? { replyTo: branding.email } : {}),
    blocks: [
      { kind: 'paragraph', text: `Your Premium Report for ${args.reportName} is ready.` },
      { kind: 'button', label: 'Open your Premium Report', url: args.url },
      {
        kind: 'paragraph',
        text: `${by} has set out the plans that suit your home, step by step, with what each costs and the rating it reaches, and their remarks.`,
      },
      { kind: 'paragraph', text: 'From the same link you can ask recommended contractors for quotes for each improvement.' },
      {
        kind: 'note',
        text: `This link is yours to keep. Questions about your report: ${branding.assessorName || 'your assessor'} (details below).`,
      },
    ],
  });
}
