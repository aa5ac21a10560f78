import type { RequestOf } from '../../../shared/api/define';
import type { buyPremiumCheckoutInit } from '../../../shared/api/payments';
import type { createReport } from '../../../shared/api/reports';
import type { WizardState } from './wizard-slice';

/**
 * What the report is made from, as the reports call takes it. File B goes only where the wizard
 * asked for it (Elmhurst); a band picked by hand goes with a blank address, as the reports call expects.
 */
export function reportRequest(wizard: WizardState, selectedBranding: string, elmhurst: boolean): RequestOf<typeof createReport> {
  const { A, B } = wizard.files;
  const manual = wizard.manualBand !== null;
  return {
    xml1_key: A.key,
    xml2_key: elmhurst ? B.key : '',
    xml1_original_filename: A.originalName,
    xml2_original_filename: elmhurst ? B.originalName : '',
    cTaxPropertyAddress: manual ? '' : wizard.chosenAddress,
    selectedBranding,
    ...(manual ? { manualCTaxBand: wizard.manualBand! } : {}),
  };
}

/** The same files and choices, as the Premium checkout takes them, paid with a credit or by card. */
export function premiumRequest(
  wizard: WizardState,
  selectedBranding: string,
  elmhurst: boolean,
  useCredit: boolean,
): RequestOf<typeof buyPremiumCheckoutInit> {
  const { xml1_original_filename, xml2_original_filename, ...source } = reportRequest(wizard, selectedBranding, elmhurst);
  return { ...source, originals: { xml1: xml1_original_filename, xml2: xml2_original_filename ?? '' }, useCredit };
}
