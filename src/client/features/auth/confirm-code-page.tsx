import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { LINK_NOTICE } from '../../../shared/states';
import { httpStatus } from '../../lib/errors';
import { Spinner } from '../../components/spinner';
import { useUserValidateMutation } from './api';
import { PublicLayout } from './public-layout';
import type { LoginLocationState } from './login-page';

/** The emailed confirmation link: validates the code, then sends the user to login either way, saying why when it failed. */
export default function ConfirmCodePage() {
  const { code = '' } = useParams();
  const [validate] = useUserValidateMutation();
  const navigate = useNavigate();
  // The code is single-use: React's StrictMode runs effects twice, and a second call would fail it.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void validate({ code })
      .unwrap()
      .then(
        ({ display_username }) => ({ username: display_username, postSignup: true }),
        // Navigated to login either way, as the spec says; the page then says why the link did not work.
        (error: unknown) => ({
          username: null,
          postSignup: true,
          notice: httpStatus(error) === 409 ? LINK_NOTICE.alreadyConfirmed : LINK_NOTICE.confirmInvalid,
        }),
      )
      .then((state: LoginLocationState) => navigate('/', { replace: true, state }));
  }, [code, validate, navigate]);

  return (
    <PublicLayout>
      <Spinner label="Loading..." />
    </PublicLayout>
  );
}
