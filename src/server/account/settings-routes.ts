import * as settings from '../../shared/api/settings';
import type { Deps } from '../deps';
import type { Routes } from '../http/route';

/** The user's email template; brandings live in brandings/routes.ts. */
export function settingsRoutes(routes: Routes, deps: Deps): void {
  const { db, realtime } = deps;

  routes.userCall(settings.getUserSettings, async ({ user }) => {
    const row = await db.selectFrom('users').select('email_template').where('id', '=', user.id).executeTakeFirstOrThrow();
    return { success: true as const, settings: { email_template: row.email_template } };
  });

  // Stored as written, (LINK) included: the share screen puts the report's link in its place.
  routes.userCall(
    settings.saveUserSettings,
    async ({ body, user }) => {
      await db.updateTable('users').set({ email_template: body.email_template }).where('id', '=', user.id).execute();
      realtime.push(user.id, 'settingsUpdate', { what: 'usersettings' });
      return { success: true as const };
    },
    { perMinute: 30 },
  );
}
