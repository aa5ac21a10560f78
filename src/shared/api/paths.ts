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
  policies: '/api/policies',
  sharedPortfolio: '/api/sharedportfolio',
  portfolioExport: '/api/portfolioexport',
} as const;

/**
 * The calls the app's entry makes on every page, the login page included: zod-free for the same
 * reason, so the entry carries no schema (each lazy page brings zod with its own calls).
 */
export const SESSION_PATHS = {
  ping: '/api/ping',
  logout: '/api/logout',
  displayVars: '/api/displayvars',
} as const;

/** The public access calls (login, sign-up, recovery, the contact form): the login page's chunk needs no zod either. */
export const ACCESS_PATHS = {
  login: '/api/login',
  signup: '/api/user',
  contactForm: '/api/contactform',
  userValidate: '/api/uservalidate',
  resendConfirmation: '/api/resendconfirmation',
  recoverPassword: '/api/recoverpassword',
  resetPassword: '/api/resetpassword',
} as const;

/**
 * The calls each logged-in page shows first: zod-free as well, so that the app's entry can start
 * them while the page's chunk and zod are still on their way.
 */
export const PAGE_DATA_PATHS = {
  checkMessages: '/api/checkmessages',
  gettingStarted: '/api/gettingstarted',
  reportsList: '/api/reports',
  pendingList: '/api/reportslistassessorpending',
  agentEarnings: '/api/agentearnings',
  portfoliosList: '/api/portfolios',
} as const;
