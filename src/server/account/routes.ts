import * as account from '../../shared/api/account';
import type { FieldError } from '../../shared/api/define';
import { passwordProblem } from '../../shared/rules/password';
import { isPhone } from '../../shared/rules/signup';
import type { Deps } from '../deps';
import { badRequest, unauthorised } from '../platform/http/http-error';
import type { Routes } from '../platform/http/route';
import { hashPassword, verifyPassword } from '../access/passwords';
import { getPrices } from '../pricing/prices';
import { cardPaymentsConfigured } from '../pricing/stripe-client';
import { findUserById, updateUser } from '../access/repos/users';
import { countPendingReports } from '../reports/repos/reports';

export function accountRoutes(routes: Routes, deps: Deps): void {
  const { db, sessions, realtime } = deps;

  const currentUser = async (id: number) => {
    const row = await findUserById(db, id);
    if (!row) throw unauthorised();
    return row;
  };

  routes.userCall(account.getAccount, async ({ user }) => {
    const row = await currentUser(user.id);
    return { success: true as const, settings: { email: row.email, phone: row.phone, name: row.name, coverage: row.coverage } };
  });

  routes.userCall(
    account.saveAccount,
    async ({ body, user, request }) => {
      const row = await currentUser(user.id);
      const errors: FieldError[] = [];
      if (!body.name) errors.push({ key: 'name', error: 'Please enter your full name' });
      if (body.phone && !isPhone(body.phone)) errors.push({ key: 'phone', error: 'Please enter a valid phone number' });
      let passwordHash: string | null = null;
      if (body.newPassword) {
        const problem = passwordProblem(body.newPassword);
        if (problem) errors.push({ key: 'newPassword', error: problem });
        if (!body.currentPassword) errors.push({ key: 'currentPassword', error: 'Please enter your current password to change it' });
        else if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
          errors.push({ key: 'currentPassword', error: 'Your current password is not correct' });
        }
        if (!errors.length) passwordHash = await hashPassword(body.newPassword);
      }
      if (errors.length) throw badRequest('Please correct errors and try again.', errors);

      await updateUser(db, user.id, {
        name: body.name,
        phone: body.phone,
        coverage: body.coverage,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      });
      // A changed password ends every other session: a stolen one stops working at once.
      if (passwordHash) await sessions.endOthers(user.id, request.sessionTokenHash);
      realtime.push(user.id, 'settingsUpdate', { what: 'account' });
      return { success: true as const };
    },
    { perMinute: 20 },
  );

  routes.userCall(account.displayVars, async ({ user }) => {
    const row = await currentUser(user.id);
    const pending = await countPendingReports(db, user.id);
    return {
      success: true as const,
      name: row.name,
      prc: pending,
      scheme: row.scheme,
      lc: row.login_count,
      pcc: row.premium_credits,
      card_payments: cardPaymentsConfigured(deps.config),
      stripe_pk: cardPaymentsConfigured(deps.config) ? deps.config.stripe.publishableKey : null,
    };
  });

  routes.userCall(account.gettingStarted, async () => {
    const prices = await getPrices(db);
    return {
      success: true as const,
      current_premium_price_pence: prices.tradePence,
      current_upgrade_referral_pence: prices.referralPence,
      current_recommended_premium_sell_pence: prices.recommendedSellPence,
    };
  });
}
