/**
 * The paths of the public calls a shared report link makes. They live in this zod-free module so
 * that the shared-link pages' small bundle can name them without pulling in zod (the contract
 * modules build their schemas at import time, ~25 KB compressed); the contract reads its paths
 * from here, so each is still written once.
 */
export const PUBLIC_PATHS = {
  amplitude: '/api/amplitude',
  sharedReport: '/api/sharedreport',
  prepayment: '/api/sharedreportprepayment',
  acuityCheckout: '/api/acuitycheckout',
  sharedPremiumReport: '/api/sharedpremiumreport',
  checkPaymentStatus: '/api/checkpaymentstatus',
  contractors: '/api/contractors',
  contractorsRequest: '/api/contractorsrequest',
  contractorsMeasures: '/api/contractorsmeasures',
} as const;
