/** Business constants, written once for the server and the web app. */

export const PRODUCT_NAME = 'EPCplus';
/**
 * The built-in read-only branding has the product's name as its id.
 * @alias kept apart from PRODUCT_NAME: a branding id, which happens to share its value
 */
export const DEFAULT_BRANDING_ID = PRODUCT_NAME;
export const DEFAULT_BRAND_COLOUR = '#2360b1';
export const SUPPORT_EMAIL = 'support@epcplus.co.uk';

export const ALLOWED_ROLES = ['surveyor', 'ra', 'estate agent'] as const;
export type Role = (typeof ALLOWED_ROLES)[number];
/** The one rule for who may use the app, on both sides: any other role (e.g. 'disabled') is shut out. */
export const isAllowedRole = (role: string): role is Role => (ALLOWED_ROLES as readonly string[]).includes(role);
export const ROLE_LABELS: Record<Role, string> = {
  surveyor: 'Energy Assessor',
  ra: 'Retrofit Assessor',
  'estate agent': 'Estate agent',
};
/** The accreditation scheme is asked for only from these roles. */
export const ROLES_WITH_SCHEME: readonly Role[] = ['surveyor', 'ra'];
export const SCHEMES = ['elmhurst', 'stroma', 'qudos', 'ecmk', 'sterling', 'cibse', 'other'] as const;
export type Scheme = (typeof SCHEMES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_HINT = '8 or more characters including one number or symbol';
export const RECOVERY_EMAIL_MIN_LENGTH = 6;
export const COVERAGE_MAX = 1000;
export const EMAIL_TEMPLATE_MAX = 1000;
/** Where the email template takes the report's share link. */
export const LINK_PLACEHOLDER = '(LINK)';
export const NAME_MAX = 100;
export const PHONE_MAX = 30;
export const EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;

export const LOGIN_LOCKOUT = { failures: 5, windowMinutes: 30, lockMinutes: 30 } as const;
export const INVITE_CODE_PLACEHOLDER = 'xxxxx-xxxxx';

export const CONTACT_SUBJECT = 'Local authority / financial institution enquiry';
export const CONTACT_REPLY_HOURS = 48;
export const PREMIUM_DELIVERY = 'within 3 working days';
export const PREMIUM_MARKETING_VALUE = 'worth £300';

export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_EXTENSIONS = ['jpg', 'jpeg', 'svg', 'bmp', 'png', 'gif'] as const;
export const DEFAULT_VOUCHER_CODE = 'SAVE-100';
export const VOUCHER_DEBOUNCE_MS = 400;
export const PROPERTY_SIZES = ['1-3', '4-5', '6+'] as const;
export const CALENDAR_FRAME_HEIGHT = 1000;
export const ALLOWED_ADDRESS_COUNTRY = 'GB';
export const PRIORITIES = ['improveEnergyEfficiency', 'getToC', 'improveEIR', 'improveComfort'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_DEFAULT: Priority = 'improveEnergyEfficiency';
/** The owner's priorities on the payment form, in words an owner uses. */
export const PRIORITY_LABELS: Record<Priority, string> = {
  improveEnergyEfficiency: 'Make my home more energy efficient and cheaper to run',
  getToC: 'Reach EPC band C (for example, to let the property)',
  improveEIR: "Cut my home's carbon emissions",
  improveComfort: 'Make my home warmer and more comfortable',
};
export const COUNCIL_TAX_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;

export const REPORT_PAGE_SIZE = 20;
export const PAGINATOR_SPREAD = 2;
export const DELETED_REPORT_RETENTION_DAYS = 30;
export const REMARKS = { charsPerLine: 72, warnOverLines: 40, blockAtLines: 50 } as const;
/** The assessor's own plan in a Premium report: at most this many measures, and its name unless they give one. */
export const CUSTOM_PLAN_MEASURES_LIMIT = 6;
export const CUSTOM_PLAN_DEFAULT_NAME = 'My recommended plan';
/** What an assessor may set a measure to when finalising: whole points in this range, and a cost of a few words. */
export const MEASURE_POINTS_RANGE = { min: -100, max: 100 } as const;
export const MEASURE_COST_MAX = 40;

export const SESSION_PING_MS = 30_000;
export const SOCKET_RECONNECT_MS = 5_000;
export const SOCKET_RECONNECT_ATTEMPTS = 20;
export const SOCKET_PING_INTERVAL_MS = 25_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
