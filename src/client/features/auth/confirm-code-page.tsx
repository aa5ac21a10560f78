import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { useUserValidateMutation } from './api';
import { PublicLayout } from './public-layout';
import type { LoginLocationState } from './login-page';

/** The emailed confirmation link: validates the code, then sends the user to login either way. */
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
        () => ({ username: null, postSignup: true }),
      )
      .then((state: LoginLocationState) => navigate('/', { replace: true, state }));
  }, [code, validate, navigate]);

  return (
    <PublicLayout>
      <Spinner label="Loading..." />
    </PublicLayout>
  );
}
