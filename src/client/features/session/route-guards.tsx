import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { useAppSelector } from '../../lib/hooks';

/**
 * The `handle` of the route that holds the logged-in pages: the session check asks the server
 * about a visitor the stored session says is logged out only where a page needs the answer.
 */
export const SESSION_REQUIRED = { sessionRequired: true } as const;

export const isSessionRequired = (handle: unknown): boolean => handle === SESSION_REQUIRED;

/**
 * Logged-in routes: wait for this page load's session check (a stored session may have expired
 * while the tab was closed), then show the page, or go to the login page.
 */
export function RequireSession() {
  const { loggedIn, checked } = useAppSelector((state) => state.session);
  if (!checked) return <Spinner label="Checking your session" />;
  return loggedIn ? <Outlet /> : <Navigate to="/" replace />;
}

/** Shows its children only once the session check has answered (unknown paths redirect after it). */
export function AfterSessionCheck({ children }: { children: ReactNode }) {
  const checked = useAppSelector((state) => state.session.checked);
  return checked ? children : <Spinner />;
}
