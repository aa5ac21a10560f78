import type { Generated } from 'kysely';
import type { Buyer, PaymentMethod, PurchaseStatus, ReportStatus, ReportType, ShareMode } from '../../../shared/states';
import type { JobStatus } from './job-status';

/** Times are epoch milliseconds; flags are 0/1 integers so both dialects store them alike. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: string;
  phone: string;
  role: string;
  scheme: string | null;
  coverage: Generated<string>;
  newsletter_opt_in: Generated<number>;
  email_confirmed_at: number | null;
  confirm_code_hash: string | null;
  login_count: Generated<number>;
  premium_credits: Generated<number>;
  locked_until: number | null;
  email_template: Generated<string>;
  share_mode: Generated<ShareMode>;
  created_at: number;
}

interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
}

interface LoginFailuresTable {
  id: Generated<number>;
  user_id: number;
  at: number;
}

/** Failed logins for an address with no account, by a keyed hash of the normalised address. */
interface AddressLoginFailuresTable {
  id: Generated<number>;
  address_hash: string;
  at: number;
}

interface AddressLocksTable {
  address_hash: string;
  locked_until: number;
}

interface InviteCodesTable {
  code: string;
  created_at: number;
  used_by: number | null;
  used_at: number | null;
}

interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  expires_at: number;
  used_at: number | null;
}

interface SettingsTable {
  key: string;
  value: string;
}

export interface ContactRequestsTable {
  id: Generated<number>;
  subject: string;
  contact_method: string;
  message: string;
  created_at: number;
}

interface TermsTable {
  id: Generated<number>;
  title: string;
  message_html: string;
  updated_at: number;
}

interface PrivacyPoliciesTable {
  id: Generated<number>;
  title: string;
  message_html: string;
  published_at: number;
}

interface TermsAcceptancesTable {
  user_id: number;
  accepted_to: number;
  accepted_at: number;
}

export interface MessagesTable {
  id: Generated<number>;
  title: string;
  message_html: string;
  /** JSON array of {label, value}. */
  options: string;
  created_at: number;
}

interface MessageResponsesTable {
  user_id: number;
  message_id: number;
  response: string;
  answered_at: number;
}

export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  kind: 'xml' | 'logo';
  extension: string;
  token_hash: string;
  expires_at: number;
  uploaded_at: number | null;
  size: number | null;
  checked_as: 'A' | 'B' | 'LOGO' | null;
  parsed: string | null;
  created_at: number;
}

export interface BrandingsTable {
  id: Generated<number>;
  user_id: number;
  company_name: string;
  colour: string;
  image_key: Generated<string>;
  created_at: number;
  updated_at: number;
}

interface CouncilTaxTable {
  id: Generated<number>;
  postcode: string;
  address: string;
  band: string;
}

export interface ReportsTable {
  id: Generated<number>;
  user_id: number;
  slug: string;
  type: ReportType;
  status: ReportStatus;
  name: string;
  search_text: string;
  assessor_ref: Generated<string>;
  assessor_id: Generated<string>;
  current_epc: number;
  current_epc_band: string;
  /** The parsed Survey, as JSON. */
  survey: string;
  /** The Measure list, as JSON. */
  measures: string;
  ctax_address: Generated<string>;
  ctax_band: string | null;
  branding_id: number | null;
  xml1_key: string;
  xml2_key: Generated<string>;
  xml1_name: Generated<string>;
  xml2_name: Generated<string>;
  pdf_key: string | null;
  premium_report_purchased: Generated<number>;
  opened_count: Generated<number>;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  status: JobStatus;
  attempts: Generated<number>;
  run_after: number;
  locked_at: number | null;
  last_error: string | null;
  created_at: number;
}

interface ShareOpensTable {
  id: Generated<number>;
  report_id: number;
  at: number;
}

/** One row per browser, report and day a shared link was opened: a keyed hash, never an address. */
interface ShareOpenBrowsersTable {
  report_id: number;
  browser_hash: string;
  /** Days since the epoch, in UTC. */
  day: number;
}

export interface ContractorsTable {
  id: Generated<number>;
  key: string;
  name: string;
  url: string;
  address: string;
  email: string;
  tel: string;
  image: string;
  image_mime: string;
  updated_at: number;
}

interface ContractorMeasuresTable {
  contractor_id: number;
  code: string;
}

interface ContractorAreasTable {
  contractor_id: number;
  area: string;
}

export interface ContractorRequestsTable {
  id: Generated<number>;
  report_id: number | null;
  measure_code: string;
  measure_name: string;
  report_mode: string;
  /** JSON array of contractor keys. */
  contractors: string;
  email: string;
  name: string;
  phone: string;
  newsletter: number;
  created_at: number;
}

export interface VouchersTable {
  id: Generated<number>;
  code: string;
  message: string;
  expires_at: number | null;
  active: Generated<number>;
  created_at: number;
}

/** The operator's prices, one row per change; the newest is in force. */
export interface PricesTable {
  id: Generated<number>;
  trade_pence: number;
  owner_pence: number;
  referral_pence: number;
  recommended_sell_pence: number;
  owner_discount_code: Generated<string>;
  owner_discount_pence: Generated<number>;
  set_at: number;
}

export interface PurchasesTable {
  id: Generated<number>;
  /** Empty once the report is erased: the purchase stays, a record of the money. */
  report_id: number | null;
  premium_report_id: number | null;
  assessor_id: number;
  buyer: Buyer;
  method: PaymentMethod;
  status: PurchaseStatus;
  price_id: number | null;
  amount_pence: number;
  currency: string;
  full_price_pence: number;
  discount_pence: Generated<number>;
  discount_code: Generated<string>;
  referral_pence: Generated<number>;
  payment_intent_id: string | null;
  owner_session_hash: string | null;
  email: Generated<string>;
  company: Generated<string>;
  priority: Generated<string>;
  failure_message: Generated<string>;
  created_at: number;
  paid_at: number | null;
  refunded_at: number | null;
}

/** The ledger of referral fees: a fee per owner's purchase, a negative reversal on its refund. Never deleted. */
interface ReferralFeesTable {
  id: Generated<number>;
  user_id: number;
  /** Empty once the purchase is gone with its report: the fee stays. */
  purchase_id: number | null;
  kind: 'fee' | 'reversal';
  amount_pence: number;
  created_at: number;
  /** The report's address and assessor ref when the fee was earned, kept after the report is erased. */
  address: Generated<string>;
  assessor_ref: Generated<string>;
  /** The payout that settled it; null while it is owed. */
  payout_id: number | null;
}

/** What an assessor was paid for a month (the month's fees, and anything carried into it). */
export interface PayoutsTable {
  id: Generated<number>;
  user_id: number;
  month: string;
  amount_pence: number;
  paid_at: number;
}

/** A finalised Premium report: what the assessor chose and wrote (JSON columns hold PremiumPlan and Measure lists). */
export interface PremiumReportsTable {
  id: Generated<number>;
  report_id: number;
  plans: string;
  custom_plan: string | null;
  custom_plan_name: Generated<string>;
  remarks: string;
  measures: string;
  finalised_at: number;
}

/** Kept by triggers (migration 011): how many reports a user has in each list, by status. */
interface ReportListCountsTable {
  user_id: number;
  type: ReportType;
  /** 1 for reports in Deleted Reports. */
  deleted: number;
  status: ReportStatus;
  n: number;
}

/** Kept by triggers (migration 012): moves on at every write of one of the user's reports. */
interface ReportListVersionsTable {
  user_id: number;
  version: number;
}

/** A call's Idempotency-Key and its answer, for a day (http/idempotency.ts). */
interface IdempotencyKeysTable {
  scope: string;
  call_name: string;
  idempotency_key: string;
  fingerprint: string;
  attempt: string;
  attempt_started_at: number;
  progress: string | null;
  answer_status: number | null;
  answer_body: string | null;
  created_at: number;
}

export interface PortfoliosTable {
  id: Generated<number>;
  user_id: number;
  slug: string;
  name: string;
  client_name: string;
  client_email: string;
  client_company: Generated<string>;
  branding_id: number | null;
  search_text: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface RegisterCertificatesTable {
  id: Generated<number>;
  user_id: number;
  lmk_key: string;
  uprn: Generated<string>;
  address: string;
  postcode: string;
  address_key: string;
  country: string;
  current_rating: number;
  potential_rating: number;
  property_type: Generated<string>;
  tenure: Generated<string>;
  lodgement_date: string;
  /** JSON: RegisterRecommendation[] (portfolios/register-homes.ts). */
  recommendations: string;
  created_at: number;
}

/** Exactly one of report_id and certificate_id is set. */
interface PortfolioHomesTable {
  id: Generated<number>;
  portfolio_id: number;
  report_id: number | null;
  certificate_id: number | null;
  added_at: number;
}

interface PostcodeLocationsTable {
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  looked_up_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  address_login_failures: AddressLoginFailuresTable;
  address_locks: AddressLocksTable;
  invite_codes: InviteCodesTable;
  password_resets: PasswordResetsTable;
  settings: SettingsTable;
  contact_requests: ContactRequestsTable;
  terms: TermsTable;
  terms_acceptances: TermsAcceptancesTable;
  privacy_policies: PrivacyPoliciesTable;
  messages: MessagesTable;
  message_responses: MessageResponsesTable;
  uploads: UploadsTable;
  brandings: BrandingsTable;
  council_tax: CouncilTaxTable;
  reports: ReportsTable;
  report_list_counts: ReportListCountsTable;
  report_list_versions: ReportListVersionsTable;
  jobs: JobsTable;
  share_opens: ShareOpensTable;
  share_open_browsers: ShareOpenBrowsersTable;
  contractors: ContractorsTable;
  contractor_measures: ContractorMeasuresTable;
  contractor_areas: ContractorAreasTable;
  contractor_requests: ContractorRequestsTable;
  vouchers: VouchersTable;
  prices: PricesTable;
  purchases: PurchasesTable;
  referral_fees: ReferralFeesTable;
  premium_reports: PremiumReportsTable;
  payouts: PayoutsTable;
  idempotency_keys: IdempotencyKeysTable;
  portfolios: PortfoliosTable;
  register_certificates: RegisterCertificatesTable;
  portfolio_homes: PortfolioHomesTable;
  postcode_locations: PostcodeLocationsTable;
}
