import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { api, TAG_TYPES } from '../../../src/client/lib/api';
import { paymentCompleted, pushReceived } from '../../../src/client/lib/push-actions';
import { createSocketMiddleware, type PushSocket } from '../../../src/client/app/socket';
import { loggedIn, loggedOut, sessionSlice } from '../../../src/client/features/session/session-slice';
import { PUSH_EVENTS } from '../../../src/shared/events';

/** A socket.io socket stand-in the test can push through. */
class FakeSocket implements PushSocket {
  private listeners = new Map<string, (payload?: unknown) => void>();
  private onReconnect: () => void = () => undefined;
  disconnected = false;
  on(event: string, listener: (payload?: unknown) => void) {
    this.listeners.set(event, listener);
  }
  disconnect() {
    this.disconnected = true;
  }
  io = { on: (_event: 'reconnect', listener: () => void) => void (this.onReconnect = listener) };
  push(event: string, payload?: unknown) {
    this.listeners.get(event)?.(payload);
  }
  reconnect() {
    this.onReconnect();
  }
}

function setup() {
  const socket = new FakeSocket();
  const factory = jest.fn(() => Promise.resolve(socket));
  const seen: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    seen.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, [sessionSlice.name]: sessionSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware, recorder, createSocketMiddleware(factory)),
  });
  const invalidated = () => seen.filter((a) => a.type === api.util.invalidateTags([]).type).map((a) => a.payload);
  const logIn = async () => {
    store.dispatch(loggedIn({ role: 'surveyor', name: 'Ann Smith' }));
    await Promise.resolve();
    await Promise.resolve();
  };
  return { socket, factory, store, seen, invalidated, logIn };
}

describe('push middleware', () => {
  it('connects only once a logged-in session is confirmed, once, and disconnects on logout', async () => {
    const { factory, socket, store, logIn } = setup();
    store.dispatch({ type: 'anything' });
    expect(factory).not.toHaveBeenCalled();
    await logIn();
    store.dispatch(loggedIn({ role: 'surveyor', name: 'Ann Smith' }));
    expect(factory).toHaveBeenCalledTimes(1);
    store.dispatch(loggedOut());
    expect(socket.disconnected).toBe(true);
  });

  it('drops a connection that finishes opening after the user logged out', async () => {
    const { socket, store } = setup();
    store.dispatch(loggedIn({ role: 'surveyor', name: 'Ann Smith' }));
    store.dispatch(loggedOut());
    await new Promise((r) => setTimeout(r, 0));
    expect(socket.disconnected).toBe(true);
  });

  it.each([
    [PUSH_EVENTS.reportListUpdate, { report_id: 7 }, ['ReportList', { type: 'Report', id: 7 }, 'Portfolio']],
    [PUSH_EVENTS.reportListUpdate, {}, ['ReportList', 'Portfolio']],
    [PUSH_EVENTS.pendingUpdate, {}, ['PendingList', 'DisplayVars']],
    [PUSH_EVENTS.settingsUpdate, { what: 'brandings' }, ['Branding', 'UserSettings', 'Account']],
    [PUSH_EVENTS.premiumReportPaymentComplete, { report_id: 9 }, [{ type: 'Report', id: 9 }, 'ReportList', 'PendingList', 'Portfolio']],
    [PUSH_EVENTS.newCommissionPayment, undefined, ['Earnings']],
    [PUSH_EVENTS.portfolioUpdate, { portfolio_id: 3 }, ['PortfolioList', { type: 'Portfolio', id: 3 }]],
  ])('turns %s %j into invalidating %j', async (event, payload, tags) => {
    const { socket, invalidated, seen, logIn } = setup();
    await logIn();
    socket.push(event, payload);
    expect(invalidated()).toEqual([tags]);
    expect(seen.some((a) => pushReceived.match(a) && a.payload.event === event)).toBe(true);
  });

  it('announces a completed premium payment for the wizard to pick up', async () => {
    const { socket, seen, logIn } = setup();
    await logIn();
    socket.push(PUSH_EVENTS.premiumReportPaymentComplete, { report_id: 9 });
    expect(seen.filter(paymentCompleted.match).map((a) => a.payload)).toEqual([{ report_id: 9 }]);
  });

  it('still refreshes the lists on a malformed push, and announces no payment without its report', async () => {
    const { socket, invalidated, seen, logIn } = setup();
    await logIn();
    socket.push(PUSH_EVENTS.reportListUpdate, { report_id: '7' });
    socket.push(PUSH_EVENTS.premiumReportPaymentComplete, null);
    expect(invalidated()).toEqual([
      ['ReportList', 'Portfolio'],
      ['ReportList', 'PendingList', 'Portfolio'],
    ]);
    expect(seen.filter(paymentCompleted.match)).toEqual([]);
  });

  it('treats everything as stale after a reconnection, since missed pushes are not replayed', async () => {
    const { socket, invalidated, logIn } = setup();
    await logIn();
    socket.reconnect();
    expect(invalidated()).toEqual([[...TAG_TYPES]]);
  });
});
