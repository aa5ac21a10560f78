import * as earnings from '../../shared/api/earnings';
import type { Deps } from '../deps';
import type { Routes } from '../platform/http/route';
import { earningsStatement } from './statement';

/** My Earnings: the logged-in assessor's own referral fees; nobody else's are reachable. */
export function earningsRoutes(routes: Routes, deps: Deps): void {
  routes.userCall(earnings.agentEarnings, ({ user }) => earningsStatement(deps.db, user.id));
}
