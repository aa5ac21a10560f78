import { api, request, TAG_TYPES } from '../../app/api';
import * as access from '../../../shared/api/access';
import type { CallDef, RequestOf, ResponseOf } from '../../../shared/api/define';

type Call<C extends CallDef> = { res: ResponseOf<C>; req: RequestOf<C> };
type Login = Call<typeof access.login>;
type Signup = Call<typeof access.signup>;
type Contact = Call<typeof access.contactForm>;
type Validate = Call<typeof access.userValidate>;
type Recover = Call<typeof access.recoverPassword>;
type Precheck = Call<typeof access.resetPasswordPrecheck>;
type Reset = Call<typeof access.resetPassword>;
type Resend = Call<typeof access.resendConfirmation>;

/** The public access calls: login, sign-up, email validation, password recovery and the contact form. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Login['res'], Login['req']>({
      query: (body) => request(access.login, body),
      // Whatever was cached belonged to nobody or to a previous user; a new session refetches it all.
      invalidatesTags: (result) => (result ? [...TAG_TYPES] : []),
    }),
    signup: build.mutation<Signup['res'], Signup['req']>({
      query: (body) => request(access.signup, body),
    }),
    contactForm: build.mutation<Contact['res'], Contact['req']>({
      query: (body) => request(access.contactForm, body),
    }),
    userValidate: build.mutation<Validate['res'], Validate['req']>({
      // The emailed link stands alone: it is validated without any session the browser may hold.
      query: (body) => ({ ...request(access.userValidate, body), credentials: 'omit' }),
    }),
    recoverPassword: build.mutation<Recover['res'], Recover['req']>({
      query: (body) => request(access.recoverPassword, body),
    }),
    resetPasswordPrecheck: build.mutation<Precheck['res'], Precheck['req']>({
      query: (body) => request(access.resetPasswordPrecheck, body, { precheck: 'yes' }),
    }),
    resetPassword: build.mutation<Reset['res'], Reset['req']>({
      query: (body) => request(access.resetPassword, body),
    }),
    resendConfirmation: build.mutation<Resend['res'], Resend['req']>({
      query: (body) => request(access.resendConfirmation, body),
    }),
  }),
});

export const {
  useLoginMutation,
  useSignupMutation,
  useContactFormMutation,
  useUserValidateMutation,
  useRecoverPasswordMutation,
  useResetPasswordPrecheckMutation,
  useResetPasswordMutation,
  useResendConfirmationMutation,
} = authApi;
