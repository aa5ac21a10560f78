import { api } from '../lib/api';
import { post, type Call } from '../lib/request';
import type * as access from '../../shared/api/access';
import type * as sharing from '../../shared/api/sharing';
import type * as booking from '../../shared/api/booking';
import type * as payments from '../../shared/api/payments';
import type * as contractors from '../../shared/api/contractors';
import type * as portfolios from '../../shared/api/portfolios';
import type { QueryOf, ResponseOf } from '../../shared/api/define';
import { PUBLIC_PATHS } from '../../shared/api/paths';
import { keyedCall, type Keyed } from '../lib/idempotent-call';

/*
 * The shared-link pages' calls, injected into the app's one API slice. Only TYPES come from the
 * contract (`import type` is erased): its zod schemas would add ~25 KB to a page that must stay
 * small on a phone, so the paths come from the zod-free paths module instead.
 */
export type SharedReport = Call<typeof sharing.sharedReport>;
export type AcuityCheckout = Call<typeof booking.acuityCheckout>;
export type PremiumReport = Call<typeof sharing.sharedPremiumReport>;
export type PrepaymentLoad = Call<typeof payments.prepaymentLoad>;
export type PrepaymentDetails = Call<typeof payments.prepaymentPreStripe>;
export type PaymentCheck = Call<typeof payments.checkPaymentStatus>;
export type ContractorsMeasures = Call<typeof contractors.contractorsMeasures>;
export type Contractors = Call<typeof contractors.contractors>;
export type ContractorsRequest = Call<typeof contractors.contractorsRequest>;
export type AmplitudeConfig = ResponseOf<typeof access.amplitude>;
export type Contractor = Contractors['res']['contractors'][number];
export type SharedPortfolio = ResponseOf<typeof portfolios.sharedPortfolio>;
export type SharedPortfolioArgs = QueryOf<typeof portfolios.sharedPortfolio>;

/** The portfolio link's call, built one way for the first call and the pages, so they share one cache entry. */
export const sharedPortfolioArgs = (portfolioPath: string, order: portfolios.WorkOrderName): SharedPortfolioArgs =>
  order === 'worst-first' ? { portfolio_path: portfolioPath } : { portfolio_path: portfolioPath, order };

export const sharedApi = api.injectEndpoints({
  endpoints: (build) => ({
    amplitudeConfig: build.query<AmplitudeConfig, void>({
      query: () => PUBLIC_PATHS.amplitude,
    }),
    // A query although it is a POST: the page reads it, and each open of the link is one call.
    sharedReport: build.query<SharedReport['res'], SharedReport['req']>({
      query: (body) => post(PUBLIC_PATHS.sharedReport, body),
    }),
    // A mutation: the booking asks again whenever the size or voucher changes, never from cache.
    acuityCheckout: build.mutation<AcuityCheckout['res'], AcuityCheckout['req']>({
      query: (body) => post(PUBLIC_PATHS.acuityCheckout, body),
    }),
    // Mutations: each starts or moves on a payment, and must never be answered from cache.
    // Keyed: sent again once, with the same key, when the answer is lost.
    prepaymentLoad: build.mutation<PrepaymentLoad['res'], Keyed<PrepaymentLoad['req']>>({
      queryFn: keyedCall<PrepaymentLoad['req'], PrepaymentLoad['res']>((body) => post(PUBLIC_PATHS.prepayment, body)),
    }),
    prepaymentDetails: build.mutation<PrepaymentDetails['res'], PrepaymentDetails['req']>({
      query: (body) => post(PUBLIC_PATHS.prepayment, body),
    }),
    checkPaymentStatus: build.mutation<PaymentCheck['res'], PaymentCheck['req']>({
      query: (body) => post(PUBLIC_PATHS.checkPaymentStatus, body),
    }),
    sharedPremiumReport: build.query<PremiumReport['res'], PremiumReport['req']>({
      query: (body) => post(PUBLIC_PATHS.sharedPremiumReport, body),
    }),
    contractorsMeasures: build.query<ContractorsMeasures['res'], ContractorsMeasures['req']>({
      query: (body) => post(PUBLIC_PATHS.contractorsMeasures, body),
    }),
    contractors: build.query<Contractors['res'], Contractors['req']>({
      query: (body) => post(PUBLIC_PATHS.contractors, body),
    }),
    // A GET: the landlord's link only reads the view; the order is part of the question, so each order is its own answer.
    sharedPortfolio: build.query<SharedPortfolio, SharedPortfolioArgs>({
      query: (params) => ({ url: PUBLIC_PATHS.sharedPortfolio, params }),
    }),
    contractorsRequest: build.mutation<ContractorsRequest['res'], ContractorsRequest['req']>({
      query: (body) => post(PUBLIC_PATHS.contractorsRequest, body),
    }),
  }),
});

export const {
  useAmplitudeConfigQuery,
  useSharedReportQuery,
  useAcuityCheckoutMutation,
  useSharedPremiumReportQuery,
  useContractorsMeasuresQuery,
  useContractorsQuery,
  useContractorsRequestMutation,
  useSharedPortfolioQuery,
  usePrepaymentLoadMutation,
  usePrepaymentDetailsMutation,
  useCheckPaymentStatusMutation,
} = sharedApi;
