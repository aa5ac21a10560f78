import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BRAND_COLOUR, PRODUCT_NAME } from '../../shared/constants';
import type { Deps } from '../deps';
import { measuresFrom } from '../surveys/epc/measures';
import { parseSurvey } from '../surveys/epc/parse-survey';
import { renderPreliminaryPdf } from '../pdf/render-preliminary';
import { nameOf } from './create';
import { getPrices } from '../payments/prices';

const SAMPLE_XML = join(__dirname, '../data/sample-survey.xml');
const PRELIMINARY_KEY = 'samples/preliminary.pdf';
const SAMPLE_URL_TTL_MS = 3600_000;

/** The sample Preliminary report, rendered from a real (anonymised) lodgement once and kept. */
async function preliminarySample(deps: Deps): Promise<string> {
  if (!(await deps.storage.get(PRELIMINARY_KEY))) {
    const survey = parseSurvey(readFileSync(SAMPLE_XML));
    const pdf = await renderPreliminaryPdf({
      survey,
      measures: measuresFrom(survey),
      reportName: nameOf(survey),
      createdAt: new Date(),
      councilTax: null,
      branding: { companyName: PRODUCT_NAME, colour: DEFAULT_BRAND_COLOUR, logo: null },
      shareUrl: `${deps.config.publicUrl}/`,
      premiumPricePence: (await getPrices(deps.db)).ownerPence || null,
    });
    await deps.storage.put(PRELIMINARY_KEY, pdf);
  }
  return deps.fileUrls.url(PRELIMINARY_KEY, SAMPLE_URL_TTL_MS);
}

export async function sampleReportUrls(deps: Deps) {
  const preliminary = await preliminarySample(deps);
  // The Premium sample comes with the Premium report's own renderer (payments and finalising);
  // until then the sample shows the report a Premium one starts from.
  return { preliminary_url: preliminary, premium_url: preliminary };
}
