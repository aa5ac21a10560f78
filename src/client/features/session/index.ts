// What other features may use of the session: its actions, the display values and the first-login badges.
export { loggedIn, loggedOut, type FirstLoginSection } from './session-slice';
export { prefetchDisplayVars, useDisplayVarsQuery } from './api';
export { useFirstLoginBadge, useFirstLoginVisits } from './first-login';
export { LogoutButton } from './logout-button';
