import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from '../../components/footer';
import { Spinner } from '../../components/spinner';
import { TopNav } from '../../components/top-nav';
import { useAppDispatch } from '../../app/hooks';
import { useDisplayVarsQuery } from '../session/api';
import { FIRST_LOGIN_SECTIONS, sectionVisited } from '../session/session-slice';
import { useCheckMessagesQuery } from './api';
import { MessageScreen } from './message-screen';
import { SideNav } from './side-nav';
import './shell.css';

/** Marks a first-login section as seen once the user has it on screen, which clears its badge. */
function useSectionVisits(shown: boolean) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!shown) return;
    const section = FIRST_LOGIN_SECTIONS.find((s) => pathname === `/${s}` || pathname.startsWith(`/${s}/`));
    if (section) dispatch(sectionVisited(section));
  }, [dispatch, pathname, shown]);
}

/** Whether an outstanding message blocks the app; a failed check does not lock people out. */
function useBlockingMessage() {
  const { data, isLoading } = useCheckMessagesQuery();
  const blocking = data && (data.type === 'TERMS' || data.type === 'MESSAGE') ? data : null;
  return { isLoading, blocking };
}

/** The logged-in app: marketing bar, menu, the page, footer — or the message that must be answered first. */
export default function ShellLayout() {
  useDisplayVarsQuery();
  const { isLoading, blocking } = useBlockingMessage();
  useSectionVisits(!isLoading && !blocking);

  let body;
  if (isLoading) body = <Spinner />;
  else if (blocking) body = <MessageScreen outstanding={blocking} />;
  else
    body = (
      <>
        <SideNav />
        <main className="shell-content">
          <Outlet />
        </main>
      </>
    );

  return (
    <div className="shell">
      <TopNav />
      <div className="shell-body">{body}</div>
      <Footer />
    </div>
  );
}
