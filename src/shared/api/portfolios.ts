import { z } from 'zod';
import { EMAIL_MAX } from '../constants';
import { EPC_BANDS } from '../epc-bands';
import { isEmail } from '../rules/signup';
import { DELETE_MODE } from '../states';
import { defineCall, ok, rowId } from './define';
import { PAGE_DATA_PATHS, PUBLIC_PATHS } from './paths';
import { assessorCard } from './sharing';
import { storageKey } from './uploads';
import { originalFilename } from './reports';

/** The most survey files one drop takes; the page refuses the rest with this number. */
export const PORTFOLIO_DROP_MAX = 200;
/** Homes listed per page of the compliance table; totals always cover every home. */
export const PORTFOLIO_HOMES_MAX = 5000;
/** Portfolios per page of the list, as the report list. */
export const PORTFOLIOS_PER_PAGE = 20;

export const WORK_ORDERS = ['worst-first', 'cheapest-points-first'] as const;
export type WorkOrderName = (typeof WORK_ORDERS)[number];
const workOrder = z.enum(WORK_ORDERS);

const bandLetter = z.enum(EPC_BANDS.map((b) => b.band) as [string, ...string[]]);
/** A count of homes per band, A to G. */
const bandCounts = z.record(bandLetter, z.number().int());

/** A cost range in pence at its low and its high end. */
const ends = z.object({ low_pence: z.number().int(), high_pence: z.number().int() });
export type PenceEnds = z.infer<typeof ends>;

/** Who the portfolio is for, as the assessor types it: the create form's fields. */
export const portfolioFields = z.object({
  name: z.string().trim().min(1, 'Please name the portfolio.').max(100, 'Must be 100 characters or fewer'),
  client_name: z.string().trim().min(1, "Please enter the client's name.").max(100, 'Must be 100 characters or fewer'),
  client_email: z
    .string()
    .trim()
    .max(EMAIL_MAX, `Must be ${EMAIL_MAX} characters or fewer`)
    .refine(isEmail, 'Please enter a valid email address'),
  client_company: z.string().trim().max(100, 'Must be 100 characters or fewer').default(''),
  /** A branding id of the assessor's, or 'default'. */
  branding_id: z.string().trim().min(1, 'Please pick a branding.').max(64),
});

const portfolioListItem = z.object({
  portfolio_id: rowId,
  name: z.string(),
  client_name: z.string(),
  client_company: z.string(),
  home_count: z.number().int(),
  /** Homes below the coming standard's band (C by 2030). */
  failing_next: z.number().int(),
  /** Epoch seconds. */
  created_at: z.number().int(),
  share_url: z.string(),
});
export type PortfolioListItem = z.infer<typeof portfolioListItem>;

export const portfoliosList = defineCall({
  method: 'GET',
  path: PAGE_DATA_PATHS.portfoliosList,
  query: z.object({
    deleted: z.literal('yes').optional(),
    search: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(100000).optional(),
  }),
  response: z.object({ success: z.literal(true), portfolios: z.array(portfolioListItem), total: z.number().int(), page: z.number().int() }),
});

/** Takes an Idempotency-Key header: a repeat of the key answers the first answer. */
export const createPortfolio = defineCall({
  method: 'POST',
  path: '/api/portfolios',
  request: portfolioFields,
  response: z.object({ success: z.literal(true), portfolio_id: rowId, share_url: z.string() }),
});

export const portfolioDelete = defineCall({
  method: 'POST',
  path: '/api/portfoliodelete',
  request: z.object({ portfolio_id: rowId, delete_mode: z.enum([DELETE_MODE.delete, DELETE_MODE.undelete]) }),
  response: ok,
});

/** Existing reports of the assessor's added as homes; one already in the portfolio is left as it is. */
export const addPortfolioReports = defineCall({
  method: 'POST',
  path: '/api/portfolioreports',
  request: z.object({ portfolio_id: rowId, report_ids: z.array(rowId).min(1).max(PORTFOLIO_DROP_MAX) }),
  response: z.object({ success: z.literal(true), added: z.number().int() }),
});

export const removePortfolioHome = defineCall({
  method: 'POST',
  path: '/api/portfoliohomeremove',
  request: z.object({ portfolio_id: rowId, home_id: rowId }),
  response: ok,
});

/**
 * One survey file of a drop, once uploaded and checked like the wizard's file A: it becomes a
 * Preliminary report in the portfolio's branding (council tax band not asked), added as a home.
 * Takes an Idempotency-Key header, so a retried file never makes a second report.
 */
export const addPortfolioSurvey = defineCall({
  method: 'POST',
  path: '/api/portfoliosurvey',
  request: z.object({ portfolio_id: rowId, xml1_key: storageKey, original_filename: originalFilename }),
  response: z.object({ success: z.literal(true), report_id: rowId, home_id: rowId }),
});

/** A line of a register file that was not imported, and why. */
const importProblem = z.object({ file: z.enum(['certificates', 'recommendations']), line: z.number().int(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblem>;

/** What an import of the register's bulk files did (web page and command line alike). */
export const registerImportResult = z.object({
  success: z.literal(true),
  /** Homes added to the portfolio (the newest certificate of each address). */
  homes: z.number().int(),
  /** Certificate rows read, including the older ones of an address that were passed over. */
  rows: z.number().int(),
  /** The first problems, by line; `problem_count` counts them all. */
  problems: z.array(importProblem),
  problem_count: z.number().int(),
});

/** The import's web form posts the two files as multipart/form-data (fields certificates and recommendations) here. */
export const REGISTER_IMPORT_PATH = '/api/portfolioimport';
/** Each register file's most bytes: a large landlord's rows with room to spare. */
export const REGISTER_FILE_MAX_BYTES = 200 * 1024 * 1024;

const routeStep = z.object({
  name: z.string(),
  /** The cost as lodged ("£4,000 - £6,000"); '' when none was. */
  cost: z.string(),
  /** The rating after this step; null for a certificate from the register, which lodges only the end. */
  rating_after: z.number().int().nullable(),
});

const standard = z.object({
  band: bandLetter,
  /** YYYY-MM-DD. */
  applies_from: z.string(),
  cap_pence: z.number().int(),
  exemption_years: z.number().int(),
  /** in-force: law today; decided: announced, awaiting its legislation. */
  status: z.enum(['in-force', 'decided']),
  source: z.string(),
});

const portfolioHome = z.object({
  home_id: rowId,
  /** survey: from a report's lodged survey; register: a certificate from the public register, with its own recommendations. */
  source: z.enum(['survey', 'register']),
  report_id: rowId.nullable(),
  address: z.string(),
  postcode: z.string(),
  rating: z.number().int(),
  band: bandLetter,
  /** YYYY-MM-DD; null when the survey lodges no date. */
  certificate_date: z.string().nullable(),
  certificate_expires: z.string().nullable(),
  /** null where no standard applies (outside England and Wales). */
  meets_now: z.boolean().nullable(),
  meets_next: z.boolean().nullable(),
  /** A certificate at the coming band keeps the home compliant until it expires. */
  compliant_until: z.string().nullable(),
  /** Below the coming band: the cheapest route to it, or null when none reaches it. */
  route: z
    .object({
      steps: z.array(routeStep),
      reaches: z.number().int(),
      reaches_band: bandLetter,
      /** null: a step has no readable cost. */
      cost: ends.nullable(),
      cap: z.enum(['within', 'may-exceed', 'over', 'cost-unknown']),
      grants: ends,
      after: ends.nullable(),
      /** The grant schemes that may pay towards it. */
      schemes: z.array(z.object({ scheme: z.string(), url: z.string() })),
    })
    .nullable(),
  /** The postcode's centre; null until looked up, or when the lookup found none. */
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The home's report link, where its Premium report can be bought; '' for a register home. */
  report_url: z.string(),
  premium_purchased: z.boolean(),
});
export type PortfolioHome = z.infer<typeof portfolioHome>;

/** The compliance view: the same for the assessor's page, the landlord's link and every export. */
export const portfolioView = z.object({
  success: z.literal(true),
  portfolio: z.object({
    portfolio_id: rowId,
    name: z.string(),
    client_name: z.string(),
    client_email: z.string(),
    client_company: z.string(),
    branding_id: z.string(),
    share_url: z.string(),
    deleted: z.boolean(),
  }),
  /** YYYY-MM-DD: the day the view was worked out for. */
  on_date: z.string(),
  order: workOrder,
  standard_now: standard.nullable(),
  standard_next: standard.nullable(),
  summary: z.object({
    homes: z.number().int(),
    failing_now: z.number().int(),
    failing_next: z.number().int(),
    no_route: z.number().int(),
    over_cap: z.number().int(),
    may_exceed_cap: z.number().int(),
    cost_unknown: z.number().int(),
    cost: ends,
    after: ends,
    bands_now: bandCounts,
    bands_after: bandCounts,
  }),
  homes: z.array(portfolioHome),
  /** Where the map's tiles come from (MAP_TILE_URL) and the credit their provider requires. */
  map: z.object({ tile_url: z.string(), attribution: z.string() }),
});
export type PortfolioView = z.infer<typeof portfolioView>;

export const portfolioDetails = defineCall({
  method: 'GET',
  path: '/api/portfolio',
  query: z.object({ portfolio_id: z.coerce.number().pipe(rowId), order: workOrder.optional() }),
  response: portfolioView,
});

/** A portfolio link's path: portfolio id and its unguessable slug, "id/slug". */
const portfolioPath = z
  .string()
  .trim()
  .regex(/^\d{1,12}\/[A-Za-z0-9_-]{16,64}$/, 'Unknown portfolio link');

/** The landlord's link: the same view, headed by the assessor's card and branding. */
export const sharedPortfolio = defineCall({
  method: 'GET',
  path: PUBLIC_PATHS.sharedPortfolio,
  public: true,
  query: z.object({ portfolio_path: portfolioPath, order: workOrder.optional() }),
  response: portfolioView.extend({ assessor: assessorCard }),
});

/** The table as a file: GET with portfolio_path (landlord) or portfolio_id (assessor), format csv | xlsx | pdf, order. */
export const PORTFOLIO_EXPORT_PATH = PUBLIC_PATHS.portfolioExport;
export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export const portfolioExportQuery = z.object({
  portfolio_path: portfolioPath.optional(),
  portfolio_id: z.coerce.number().pipe(rowId).optional(),
  format: z.enum(EXPORT_FORMATS),
  order: workOrder.optional(),
});
