import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type * as contractors from '../../shared/api/contractors';
import type { Measure } from '../../shared/api/premium';
import { figuresOfReport } from '../reports/report-figures';
import { isEmail, isPhone } from '../../shared/rules/signup';
import type { Deps } from '../deps';
import { badRequest, HttpError, notFound } from '../platform/http/http-error';
import { contractorsFor, type ContractorRow } from './contractors';
import { postcodeArea } from '../surveys/epc/postcode';
import { reportPathOf, sharedPaths, shareUrlOf } from '../../shared/links';
import { reportForLink } from '../reports/report-links';
import { shortTitleOf, surveyOf, type ReportRow } from '../sharing/shared-reports';
import { REPORT_TYPE } from '../../shared/states';
import { countQuoteRequestsSince, insertQuoteRequest } from './repos/quote-requests';
import { brandedEmail, type EmailBranding } from '../platform/email/branded-email';
import { emailBrandingOf } from '../brandings/email-branding';
import type { OutgoingEmail } from '../platform/email/mailer';

type RequestBody = z.output<typeof contractors.contractorsRequest.request>;

export const REQUEST_THANKS = 'Thank you, we will be back in touch once we hear from your selected contractors.';
const NO_CONTRACTORS = 'No contractors selected';
/**
 * Requests one report's link may send in a day: an owner asks about each improvement once or twice
 * (a report recommends a dozen at most); past it the form cannot be used to mail contractors over
 * and over, from however many addresses.
 */
export const QUOTE_REQUESTS_PER_REPORT_PER_DAY = 25;
export const TOO_MANY_QUOTE_REQUESTS = 'Many quotes have been asked for this home today. Please try again tomorrow.';
const DAY_MS = 24 * 3600_000;

/** The report's measure with this code, or a 404: a code the report does not recommend has no contractors here. */
function measureOf(row: ReportRow, code: string): Measure {
  const measure = figuresOfReport(row).measures.find((m) => m.code === code);
  if (!measure) throw notFound('That improvement is not part of this report.');
  return measure;
}

/** The report, measure, property and contractors a picker shows; shared by the list and the request. */
export async function pickerFor(deps: Deps, reportPath: string, measureCode: string) {
  const report = await reportForLink(deps, reportPath);
  const measure = measureOf(report, measureCode);
  const postcode = surveyOf(report).address.postcode ?? '';
  const contractors = await contractorsFor(deps.db, measure.code, postcodeArea(postcode));
  return { report, measure, postcode, shortTitle: shortTitleOf(report), contractors };
}

function requestText(args: {
  contractor: ContractorRow;
  measure: Measure;
  shortTitle: string;
  postcode: string;
  body: RequestBody;
  link: string;
}): string {
  const { contractor, measure, shortTitle, postcode, body, link } = args;
  return [
    `Hello ${contractor.name},`,
    '',
    `A property owner would like a quote from you for: ${measure.name}.`,
    '',
    `Property: ${shortTitle}`,
    `Postcode: ${postcode}`,
    `Name: ${body.name || '(not given)'}`,
    `Email: ${body.email}`,
    `Phone: ${body.phone || '(not given)'}`,
    '',
    `Their energy report, with this improvement and its estimated cost: ${link}`,
    '',
    'Please reply to this email to contact them.',
  ].join('\n');
}

/**
 * Stores an owner's request for quotes and emails each chosen contractor. Every key must be a
 * contractor the picker offers for this measure and area: a request cannot be steered to anyone else.
 */
export async function requestQuotes(deps: Deps, body: RequestBody, log: FastifyBaseLogger): Promise<void> {
  const keys = [...new Set(body.selected_contractors)];
  if (!keys.length) throw badRequest(NO_CONTRACTORS);
  if (!isEmail(body.email)) throw badRequest('Please enter a valid email address.');
  // Each is one line of the email: a line break would let the sender write the rest of it.
  if (/[\r\n]/.test(body.name)) throw badRequest('Please enter your name on one line.');
  if (body.phone && !isPhone(body.phone)) throw badRequest('Please enter a valid phone number.');
  const { report, measure, postcode, shortTitle, contractors } = await pickerFor(deps, body.report_path, body.measure_code);
  if ((await countQuoteRequestsSince(deps.db, report.id, Date.now() - DAY_MS)) >= QUOTE_REQUESTS_PER_REPORT_PER_DAY)
    throw new HttpError(429, TOO_MANY_QUOTE_REQUESTS);
  const byKey = new Map(contractors.map((c) => [c.key, c]));
  const chosen = keys.map((k) => byKey.get(k));
  if (chosen.some((c) => !c))
    throw badRequest(
      'One of the selected contractors does not cover this improvement for this property. Please reload the page and choose again.',
    );

  await insertQuoteRequest(deps.db, {
    report_id: report.id,
    measure_code: measure.code,
    measure_name: measure.name.slice(0, 300),
    report_mode: body.report_mode,
    contractors: JSON.stringify(keys),
    email: body.email,
    name: body.name,
    phone: body.phone,
    newsletter: body.newsletter ? 1 : 0,
    created_at: Date.now(),
  });

  const link =
    report.type === REPORT_TYPE.premium
      ? `${deps.config.publicUrl}${sharedPaths.premium(reportPathOf(report))}`
      : shareUrlOf(deps.config.publicUrl, report);
  // Stored first: one contractor's mail server failing must neither lose the request nor stop the others.
  const sent = await Promise.allSettled(
    (chosen as ContractorRow[]).map((contractor) =>
      deps.mailer.send({
        to: contractor.email,
        // Survey text may carry line breaks; a subject is one line.
        subject: `Quote request: ${measure.name} at ${shortTitle}`.replace(/[\r\n\t]+/g, ' ').slice(0, 200),
        text: requestText({ contractor, measure, shortTitle, postcode, body, link }),
        replyTo: body.email,
      }),
    ),
  );
  sent.forEach((r, i) => {
    if (r.status === 'rejected') log.error({ err: r.reason, contractor: (chosen[i] as ContractorRow).key }, 'quote request email failed');
  });
  try {
    const branding = await emailBrandingOf(deps, deps.db, report);
    await deps.mailer.send(
      await quoteRequestCopy({
        contractors: chosen as ContractorRow[],
        measure,
        shortTitle,
        body,
        link,
        // A Premium report lists its own improvements with their contractors; a free one has a page for them.
        quotesUrl: report.type === REPORT_TYPE.premium ? link : `${deps.config.publicUrl}${sharedPaths.measures(reportPathOf(report))}`,
        branding,
      }),
    );
  } catch (err) {
    // The contractors have the request: a copy that could not be queued must not undo it.
    log.error({ err }, 'quote request copy to the owner failed');
  }
}

/** The owner's copy of their request, from their assessor: to whom it went, what it said, and the way back. */
export function quoteRequestCopy(args: {
  contractors: ContractorRow[];
  measure: Measure;
  shortTitle: string;
  body: RequestBody;
  link: string;
  quotesUrl: string;
  branding: EmailBranding;
}): Promise<OutgoingEmail> {
  const { contractors, measure, shortTitle, body, link, branding } = args;
  return brandedEmail({
    to: body.email,
    subject: `Your quote request: ${measure.name} at ${shortTitle}`,
    preview: `Sent to ${contractors.map((c) => c.name).join(', ')}.`,
    branding,
    ...(branding.email ? { replyTo: branding.email } : {}),
    blocks: [
      {
        kind: 'paragraph',
        text: `You asked for quotes for ${measure.name} at ${shortTitle}. We have sent your request to ${contractors.length === 1 ? 'this contractor' : 'these contractors'}, who will reply to you at ${body.email}:`,
      },
      { kind: 'facts', rows: contractors.map((c) => [c.name, [c.tel, c.email].filter(Boolean).join(' · ')] as const) },
      {
        kind: 'facts',
        rows: [
          ['Your name', body.name || '(not given)'],
          ['Your email', body.email],
          ['Your phone', body.phone || '(not given)'],
        ],
      },
      { kind: 'button', label: 'Back to your report', url: link },
      { kind: 'links', links: [{ label: 'Get installer quotes for another improvement', url: args.quotesUrl }] },
      { kind: 'note', text: `If you did not ask for these quotes, let ${branding.assessorName || 'your assessor'} know (details below).` },
    ],
  });
}
