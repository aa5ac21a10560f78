import type { RequestOf } from '../../src/shared/api/define';
import type * as reports from '../../src/shared/api/reports';

export type CreateReportRequest = RequestOf<typeof reports.createReport>;

/**
 * What the wizard sends to make a Preliminary report from file A once it is uploaded and checked:
 * the EPC+ branding, and the council tax band picked by hand (C) unless the test gives others.
 */
export const createReportRequest = (xml1Key: string, fields: Partial<CreateReportRequest> = {}): CreateReportRequest => ({
  xml1_key: xml1Key,
  xml1_original_filename: 'survey.xml',
  cTaxPropertyAddress: '',
  selectedBranding: 'EPCplus',
  manualCTaxBand: 'C',
  ...fields,
});
