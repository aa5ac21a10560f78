import type { FetchArgs } from '@reduxjs/toolkit/query';
import { api } from '../app/api';
import type * as access from '../../shared/api/access';
import type { CallDef, RequestOf, ResponseOf } from '../../shared/api/define';
import type * as shared from '../../shared/api/shared-reports';
import { PUBLIC_PATHS } from '../../shared/api/paths';
import { keyedCall, type Keyed } from '../app/idempotent-call';

/*
 * The shared-link pages' calls, injected into the app's one API slice. Only TYPES come from the
 * contract (`import type` is erased): its zod schemas would add ~25 KB to a page that must stay
 * small on a phone, so the paths come from the zod-free paths module instead.
 */
type Call<C extends CallDef> = { res: ResponseOf<C>; req: RequestOf<C> };
export type SharedReport = Call<typeof shared.sharedReport>;
export type AcuityCheckout = Call<typeof shared.acuityCheckout>;
export type PremiumReport = Call<typeof shared.sharedPremiumReport>;
export type PrepaymentLoad = Call<typeof shared.prepaymentLoad>;
export type PrepaymentDetails = Call<typeof shared.prepaymentPreStripe>;
export type PaymentCheck = Call<typeof shared.checkPaymentStatus>;
export type ContractorsMeasures = Call<typeof shared.contractorsMeasures>;
export type Contractors = Call<typeof shared.contractors>;
export type ContractorsRequest = Call<typeof shared.contractorsRequest>;
export type AmplitudeConfig = ResponseOf<typeof access.amplitude>;
export type Contractor = Contractors['res']['contractors'][number];

const post = (url: string, body: object): FetchArgs => ({ url, method: 'POST', body });

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
  usePrepaymentLoadMutation,
  usePrepaymentDetailsMutation,
  useCheckPaymentStatusMutation,
} = sharedApi;
