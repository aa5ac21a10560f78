import type { Measure } from '../../shared/api/premium';
import type { FundingReport } from '../funding/funding-report';
import type { Survey } from '../surveys/epc/survey';

interface ReportLogo {
  data: Buffer;
  type: 'png' | 'jpeg';
}

export interface ReportBranding {
  companyName: string;
  /** '#rrggbb'; an unreadable value falls back to the default colour. */
  colour: string;
  /** pdfkit reads PNG and JPEG only: other uploads are converted, or left out, by the caller. */
  logo: ReportLogo | null;
}

/** Everything the Preliminary Report shows; the renderer reads nothing else. */
export interface PreliminaryReportInput {
  survey: Survey;
  /** In sequence, with running totals, as the measures service builds them. */
  measures: Measure[];
  /** The report's name: address, comma, postcode. */
  reportName: string;
  createdAt: Date;
  councilTax: { address: string; band: string } | null;
  branding: ReportBranding;
  /** The owner's link to the report online, where the Premium report is bought. */
  shareUrl: string;
  /** The Premium price the owner pays; null leaves the price out. Shown only with cardPayments. */
  premiumPricePence: number | null;
  /**
   * The owner can pay for the Premium by card at the link (the server has card payment set up).
   * Absent or false: no price and no "order it online"; the owner is told to ask their assessor.
   */
  cardPayments?: boolean;
  /** The link's visit page can book a visit in a calendar; absent or false: the owner arranges it with their assessor. */
  visitBooking?: boolean;
  /** The assessor's contact details from My Account, printed on the last page; null for the sample report. */
  assessor: { name: string; email: string; phone: string } | null;
  /** What the home may get towards its measures on the report's date, and the letting rules; absent leaves the section out. */
  funding?: FundingReport | null;
}
