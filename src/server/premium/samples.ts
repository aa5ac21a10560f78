import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BRAND_COLOUR, PRODUCT_NAME } from '../../shared/constants';
import type { Deps } from '../deps';
import { parseSurvey } from '../surveys/epc/parse-survey';
import { reportNameOf } from '../surveys/epc/survey-limits';
import { getPrices } from '../pricing/prices';
import { cardPaymentsConfigured } from '../pricing/stripe-client';
import { hasBookingCalendar } from '../booking/scheduling';
import { computedPremiumPlans, premiumInputOf } from './premium-input-of';
import { PRIORITY_DEFAULT } from '../../shared/constants';
import { fundingReportOf } from '../funding/funding-report';
import type { PoolTask, RenderTask } from '../pdf/render-pool/render-task';
import type { PreliminaryReportInput } from '../pdf/preliminary-input';
import { figuresOfSurvey } from '../reports/report-figures';

const SAMPLE_XML = join(__dirname, '../data/sample-survey.xml');
const PRELIMINARY_KEY = 'samples/preliminary.pdf';
const PRELIMINARY_WITHOUT_CARD_KEY = 'samples/preliminary-without-card.pdf';
const PREMIUM_KEY = 'samples/premium.pdf';
const SAMPLE_URL_TTL_MS = 3600_000;
const SAMPLE_BRANDING = { companyName: PRODUCT_NAME, colour: DEFAULT_BRAND_COLOUR, logo: null };

/** The sample lodgement drawn as a Preliminary report; the caller gives what differs between its uses. */
function samplePreliminary(
  rest: Pick<PreliminaryReportInput, 'councilTax' | 'shareUrl' | 'premiumPricePence' | 'assessor' | 'cardPayments' | 'visitBooking'>,
  withFunding = false,
): Extract<RenderTask, { kind: 'preliminary' }> {
  const { survey, measures } = figuresOfSurvey(parseSurvey(readFileSync(SAMPLE_XML)));
  const createdAt = new Date();
  const councilTaxBand = rest.councilTax?.band ?? null;
  return {
    kind: 'preliminary',
    input: {
      survey,
      measures,
      reportName: reportNameOf(survey),
      createdAt,
      branding: SAMPLE_BRANDING,
      ...rest,
      ...(withFunding ? { funding: fundingReportOf(survey, measures, createdAt, { councilTaxBand }) } : {}),
    },
  };
}

/**
 * What a process's pool threads run once it listens, so that the first real ones are quick: a
 * Preliminary report drawn as assessors' are (funding, council tax band, contact details) where the
 * process renders, and the sample lodgement read as file A where it answers uploads.
 */
export function warmUpTasks(work: { renders: boolean; surveys: boolean }): PoolTask[] {
  const tasks: PoolTask[] = [];
  if (work.renders)
    tasks.push(
      samplePreliminary(
        {
          councilTax: { address: '', band: 'D' },
          shareUrl: 'http://localhost/s/1/warm-up',
          premiumPricePence: 4900,
          assessor: { name: 'Sample Assessor', email: 'assessor@example.com', phone: '01234 567890' },
        },
        true,
      ),
    );
  if (work.surveys) tasks.push({ kind: 'survey-a', xml: readFileSync(SAMPLE_XML) });
  return tasks;
}

/** The sample Preliminary report, rendered from a real (anonymised) lodgement once and kept. */
async function preliminarySample(deps: Deps): Promise<string> {
  // The sample offers the Premium as this server's owners are offered it: by card only where cards are taken.
  const cardPayments = cardPaymentsConfigured(deps.config);
  const key = cardPayments ? PRELIMINARY_KEY : PRELIMINARY_WITHOUT_CARD_KEY;
  if (!(await deps.storage.get(key))) {
    const pdf = await deps.renders.render(
      samplePreliminary({
        councilTax: null,
        shareUrl: `${deps.config.publicUrl}/`,
        premiumPricePence: (await getPrices(deps.db)).ownerPence || null,
        assessor: null,
        cardPayments,
        visitBooking: hasBookingCalendar(deps.config.scheduling),
      }),
    );
    await deps.storage.put(key, pdf);
  }
  return deps.storage.signedUrl(key, SAMPLE_URL_TTL_MS);
}

/**
 * The sample Premium report, drawn by the Premium renderer from the same lodgement with every plan
 * its measures offer, rendered once and kept. The assessor and remarks are the sample's own words.
 */
async function premiumSample(deps: Deps): Promise<string> {
  if (!(await deps.storage.get(PREMIUM_KEY))) {
    const { survey, measures } = figuresOfSurvey(parseSurvey(readFileSync(SAMPLE_XML)));
    const start = { epc: survey.energyRating.current, eir: survey.environmentalImpact.current };
    const now = Date.now();
    const pdf = await deps.renders.render({
      kind: 'premium',
      input: premiumInputOf(
        {
          survey,
          measures,
          plans: computedPremiumPlans(measures, start, PRIORITY_DEFAULT),
          customPlan: null,
          remarks:
            'This is a sample report. In yours, your assessor writes here about your home: what they saw, which plan suits it best and what to do first.',
        },
        {
          name: reportNameOf(survey),
          purchasedAt: now,
          finalisedAt: now,
          councilTax: null,
          branding: SAMPLE_BRANDING,
          assessor: { name: 'Your assessor', email: '', phone: '' },
          priority: PRIORITY_DEFAULT,
          premiumLinkUrl: `${deps.config.publicUrl}/`,
        },
      ),
    });
    await deps.storage.put(PREMIUM_KEY, pdf);
  }
  return deps.storage.signedUrl(PREMIUM_KEY, SAMPLE_URL_TTL_MS);
}

export async function sampleReportUrls(deps: Deps) {
  return { preliminary_url: await preliminarySample(deps), premium_url: await premiumSample(deps) };
}
