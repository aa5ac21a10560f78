import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SessionChecker } from '../features/session/session-checker';

/** Every route sits under this: the session check runs whatever page is open. */
export function RootLayout() {
  return (
    <>
      <SessionChecker />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
