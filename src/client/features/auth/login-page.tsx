import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { loggedIn } from '../session';
import { PublicLayout } from './public-layout';
import { LoginCard } from './login-card';
import { AssessorPanel, AuthoritiesPanel } from './marketing-panels';
import { PartnerBanner } from './partner-banner';
import type { LinkNotice } from '../../../shared/states';
import './login-page.css';

/** What the email validation link and sign-up pass to the login page. */
export interface LoginLocationState {
  postSignup?: boolean;
  username?: string | null;
  /** An emailed link that did not work, and why. */
  notice?: LinkNotice;
}

export default function LoginPage() {
  const alreadyLoggedIn = useAppSelector((s) => s.session.loggedIn);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LoginLocationState;
  // Set on our own login so the redirect for visitors who were already logged in does not race /start.
  const [justLoggedIn, setJustLoggedIn] = useState(false);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  if (alreadyLoggedIn && !justLoggedIn) return <Navigate to="/home" replace />;

  return (
    <PublicLayout wide>
      <div className="login-hero">
        <LoginCard
          initialUsername={state.username ?? ''}
          postSignup={state.postSignup === true}
          notice={state.notice}
          onLoggedIn={({ role, name }) => {
            setJustLoggedIn(true);
            dispatch(loggedIn({ role, name }));
            void navigate('/start');
          }}
        />
        <AssessorPanel />
      </div>
      <AuthoritiesPanel />
      <PartnerBanner />
    </PublicLayout>
  );
}
