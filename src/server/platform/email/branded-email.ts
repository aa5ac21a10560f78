import { inkOf, normaliseColour, textOn } from '../../../shared/colour';
import { PRODUCT_NAME } from '../../../shared/constants';
import type { OutgoingEmail } from './mailer';

/** Whose email it is: the assessor's business as the owner knows it from their report and its pages. */
export interface EmailBranding {
  /** The report branding's company name, or the assessor's own name when they have no branding. */
  companyName: string;
  /** '#rrggbb'; anything else keeps the product's colour. */
  colour: string;
  /** An absolute http(s) address of a PNG or JPEG logo; absent, the company name heads the email. */
  logoUrl?: string;
  assessorName: string;
  phone: string;
  email: string;
}

/** What an email says, in order; every text is plain text from wherever it came, escaped here. */
type EmailBlock =
  | { kind: 'paragraph'; text: string }
  /** Label and value rows: a receipt's amount, date and seller. */
  | { kind: 'facts'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /** The one thing to do, as a button in the HTML and "label: url" in the text. */
  | { kind: 'button'; label: string; url: string }
  /** Further addresses, each on its own line. */
  | { kind: 'links'; links: ReadonlyArray<{ label: string; url: string }> }
  /** Small print. */
  | { kind: 'note'; text: string };

export interface BrandedEmailInput {
  to: string;
  subject: string;
  /** The line a mail program shows beside the subject in the inbox. */
  preview: string;
  branding: EmailBranding;
  blocks: EmailBlock[];
  replyTo?: string;
}

const WEB_ADDRESS = /^https?:\/\/[^\s"'<>]+$/i;

/** HTML text and attribute values: nothing a user typed can open a tag or close an attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A subject is one line, and mail programs cut long ones anyway. */
const oneLine = (text: string, max: number) => text.replace(/[\r\n\t]+/g, ' ').slice(0, max);

/** Only web addresses become links or images: a javascript: or data: address from anywhere is dropped. */
const webAddress = (url: string | undefined) => (url && WEB_ADDRESS.test(url) ? url : undefined);

/** Escaped text with its line breaks kept. */
const htmlLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br />');

function blockMjml(block: EmailBlock, colour: string): string {
  switch (block.kind) {
    case 'paragraph':
      return `<mj-text>${htmlLines(block.text)}</mj-text>`;
    case 'note':
      return `<mj-text font-size="13px" color="#555555">${htmlLines(block.text)}</mj-text>`;
    case 'facts':
      return `<mj-table cellpadding="4px">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0">${htmlLines(value)}</td></tr>`,
        )
        .join('')}</mj-table>`;
    case 'button': {
      const url = webAddress(block.url);
      return url
        ? `<mj-button href="${escapeHtml(url)}" background-color="${colour}" color="${textOn(colour)}" font-weight="600" align="left">${escapeHtml(block.label)}</mj-button>`
        : '';
    }
    case 'links': {
      // Links sit on white: a pale brand colour is darkened until it reads there.
      const ink = inkOf(colour);
      return `<mj-text>${block.links
        .filter((l) => webAddress(l.url))
        .map((l) => `<a href="${escapeHtml(l.url)}" style="color:${ink}">${escapeHtml(l.label)}</a>`)
        .join('<br />')}</mj-text>`;
    }
  }
}

function blockText(block: EmailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'button':
      return webAddress(block.url) ? `${block.label}: ${block.url}` : '';
    case 'links':
      return block.links
        .filter((l) => webAddress(l.url))
        .map((l) => `${l.label}: ${l.url}`)
        .join('\n');
  }
}

/** How the owner reaches their assessor, as lines: name, company (when it differs), phone, email. */
function contactLines(b: EmailBranding): string[] {
  return [
    b.assessorName,
    b.companyName && b.companyName !== b.assessorName ? b.companyName : '',
    b.phone ? `Phone: ${b.phone}` : '',
    b.email ? `Email: ${b.email}` : '',
  ].filter(Boolean);
}

function contactMjml(b: EmailBranding, colour: string): string {
  // Links sit on white: a pale brand colour is darkened until it reads there.
  const ink = inkOf(colour);
  const lines = [
    b.assessorName ? `<strong>${escapeHtml(b.assessorName)}</strong>` : '',
    b.companyName && b.companyName !== b.assessorName ? escapeHtml(b.companyName) : '',
    b.phone ? `Phone: <a href="tel:${escapeHtml(b.phone.replace(/\s/g, ''))}" style="color:${ink}">${escapeHtml(b.phone)}</a>` : '',
    b.email ? `Email: <a href="mailto:${escapeHtml(b.email)}" style="color:${ink}">${escapeHtml(b.email)}</a>` : '',
  ].filter(Boolean);
  return lines.length
    ? `<mj-divider border-width="1px" border-color="#dddddd" /><mj-text font-size="14px"><p style="margin:0 0 4px">Your assessor</p>${lines.join('<br />')}</mj-text>`
    : '';
}

function headerMjml(b: EmailBranding, colour: string): string {
  const logo = webAddress(b.logoUrl);
  const name = b.companyName || b.assessorName;
  const inner = logo
    ? `<mj-image src="${escapeHtml(logo)}" alt="${escapeHtml(name)}" width="180px" align="left" padding="16px 24px" />`
    : `<mj-text font-size="22px" font-weight="700" color="${textOn(colour)}" padding="16px 24px">${escapeHtml(name)}</mj-text>`;
  // A logo sits on white (it was drawn for paper); the name alone sits on the brand colour.
  return `<mj-section background-color="${logo ? '#ffffff' : colour}" border-top="6px solid ${colour}" padding="0"><mj-column>${inner}</mj-column></mj-section>`;
}

let loadedMjml: Promise<typeof import('mjml').default> | undefined;
/** mjml takes about half a second to load: only a process that sends email pays for it, once. */
const mjml = () => (loadedMjml ??= import('mjml').then((m) => m.default));

/**
 * An email to an owner in their assessor's colours: logo (or company name) at the top, the blocks,
 * then how to reach the assessor. HTML from MJML (https://documentation.mjml.io/), which lays it out
 * in the tables Outlook, Gmail and Apple Mail all render, beside a plain-text part with the same words.
 */
export async function brandedEmail(input: BrandedEmailInput): Promise<OutgoingEmail> {
  const { branding, blocks } = input;
  const colour = normaliseColour(branding.colour);
  const subject = oneLine(input.subject, 200);
  const sender = branding.companyName || branding.assessorName || PRODUCT_NAME;
  const footer = `Sent by ${PRODUCT_NAME} for ${sender}.`;
  const source = `<mjml lang="en">
<mj-head>
<mj-title>${escapeHtml(subject)}</mj-title>
<mj-preview>${escapeHtml(oneLine(input.preview, 150))}</mj-preview>
<mj-attributes>
<mj-all font-family="Helvetica, Arial, sans-serif" />
<mj-text font-size="16px" line-height="1.5" color="#1a1a1a" padding="8px 24px" />
<mj-table font-size="16px" color="#1a1a1a" padding="8px 24px" />
<mj-button padding="12px 24px" border-radius="4px" font-size="16px" />
<mj-divider padding="16px 24px 8px" />
</mj-attributes>
</mj-head>
<mj-body background-color="#f2f2f2" width="600px">
${headerMjml(branding, colour)}
<mj-section background-color="#ffffff" padding="16px 0"><mj-column>
${blocks.map((b) => blockMjml(b, colour)).join('\n')}
${contactMjml(branding, colour)}
</mj-column></mj-section>
<mj-section padding="8px 0"><mj-column><mj-text font-size="12px" color="#666666" align="center">${escapeHtml(footer)}</mj-text></mj-column></mj-section>
</mj-body>
</mjml>`;
  const render = await mjml();
  const { html, errors } = await render(source, { validationLevel: 'strict' });
  // Strict: markup MJML does not accept is our mistake, found by the tests, never sent half-drawn.
  if (errors.length) throw new Error(`branded email does not validate: ${errors.map((e) => e.formattedMessage).join('; ')}`);

  const contact = contactLines(branding);
  const text = [
    sender,
    '',
    ...blocks
      .map(blockText)
      .filter(Boolean)
      .flatMap((t) => [t, '']),
    ...(contact.length ? ['Your assessor', ...contact, ''] : []),
    footer,
  ].join('\n');
  return { to: input.to, subject, html, text, ...(input.replyTo ? { replyTo: input.replyTo } : {}) };
}
