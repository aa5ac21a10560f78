import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Shared report links have their own small page (shared.html), which the server sends for /s/*.
 * Should the app itself ever route to one, a full page load hands over to it.
 */
export function SharedLinkHandoff() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}`);
  }, [pathname, search]);
  return <p className="placeholder-page">Opening your report…</p>;
}
