import * as account from '../../shared/api/account';
import type { Deps } from '../deps';
import type { Routes } from '../platform/http/route';
import { unauthorised } from '../platform/http/http-error';
import { findUserById, updateUser } from '../access/repos/users';
import { templateOrDefault } from './email-template';

/** The user's email template; brandings live in brandings/routes.ts. */
export function settingsRoutes(routes: Routes, deps: Deps): void {
  const { db, realtime } = deps;

  routes.userCall(account.getUserSettings, async ({ user }) => {
    const row = await findUserById(db, user.id);
    if (!row) throw unauthorised();
    return { success: true as const, settings: { email_template: templateOrDefault(row.email_template, row.name) } };
  });

  // Stored as written, (LINK) included: the share screen puts the report's link in its place.
  routes.userCall(
    account.saveUserSettings,
    async ({ body, user }) => {
      await updateUser(db, user.id, { email_template: body.email_template });
      realtime.push(user.id, 'settingsUpdate', { what: 'usersettings' });
      return { success: true as const };
    },
    { perMinute: 30 },
  );
}
