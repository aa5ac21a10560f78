import { api, TAG_TYPES } from '../../lib/api';
import { post, type Call } from '../../lib/request';
import { invalidateOnSuccess } from '../../lib/tags';
import type * as access from '../../../shared/api/access';
import { ACCESS_PATHS } from '../../../shared/api/paths';

/*
 * Only TYPES come from the contract (`import type` is erased), the paths from the zod-free paths
 * module: the login page, the first a visitor sees, loads no zod.
 */
type Login = Call<typeof access.login>;
type Signup = Call<typeof access.signup>;
type Contact = Call<typeof access.contactForm>;
type Validate = Call<typeof access.userValidate>;
type Recover = Call<typeof access.recoverPassword>;
type Precheck = Call<typeof access.resetPasswordPrecheck>;
type Reset = Call<typeof access.resetPassword>;
type Resend = Call<typeof access.resendConfirmation>;

/** The public access calls: login, sign-up, email validation, password recovery and the contact form. */
const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Login['res'], Login['req']>({
      query: (body) => post(ACCESS_PATHS.login, body),
      // Whatever was cached belonged to nobody or to a previous user; a new session refetches it all.
      invalidatesTags: invalidateOnSuccess([...TAG_TYPES]),
    }),
    signup: build.mutation<Signup['res'], Signup['req']>({
      query: (body) => post(ACCESS_PATHS.signup, body),
    }),
    contactForm: build.mutation<Contact['res'], Contact['req']>({
      query: (body) => post(ACCESS_PATHS.contactForm, body),
    }),
    userValidate: build.mutation<Validate['res'], Validate['req']>({
      // The emailed link stands alone: it is validated without any session the browser may hold.
      query: (body) => ({ ...post(ACCESS_PATHS.userValidate, body), credentials: 'omit' }),
    }),
    recoverPassword: build.mutation<Recover['res'], Recover['req']>({
      query: (body) => post(ACCESS_PATHS.recoverPassword, body),
    }),
    resetPasswordPrecheck: build.mutation<Precheck['res'], Precheck['req']>({
      query: (body) => post(ACCESS_PATHS.resetPassword, body, { precheck: 'yes' }),
    }),
    resetPassword: build.mutation<Reset['res'], Reset['req']>({
      query: (body) => post(ACCESS_PATHS.resetPassword, body),
    }),
    resendConfirmation: build.mutation<Resend['res'], Resend['req']>({
      query: (body) => post(ACCESS_PATHS.resendConfirmation, body),
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
