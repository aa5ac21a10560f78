import { Outlet } from 'react-router-dom';
import { Footer } from '../../components/footer';
import { NoticeRegion } from '../../components/notice';
import { Spinner } from '../../components/spinner';
import { TopNav } from '../../components/top-nav';
import { useDisplayVarsQuery, useFirstLoginVisits } from '../session';
import { useCheckMessagesQuery } from './page-queries';
import { MessageScreen } from './message-screen';
import { SideNav } from './side-nav';
import './shell.css';

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
  useFirstLoginVisits(!isLoading && !blocking);

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
      <NoticeRegion />
      <Footer />
    </div>
  );
}
