import type { Middleware } from '@reduxjs/toolkit';
import { PUSH_EVENTS, type PushEvent } from '../../shared/events';
import { SOCKET_RECONNECT_ATTEMPTS, SOCKET_RECONNECT_MS } from '../../shared/constants';
import { api, API_ORIGIN, TAG_TYPES, type TagType } from '../lib/api';
import { paymentCompleted, pushReceived } from '../lib/push-actions';

/** The part of a socket.io client socket the app uses; tests pass a fake of this shape. */
export interface PushSocket {
  on(event: string, listener: (payload?: unknown) => void): unknown;
  disconnect(): unknown;
  /** The socket's manager, which reports reconnection. */
  io: { on(event: 'reconnect', listener: () => void): unknown };
}

export type SocketFactory = () => Promise<PushSocket>;

/** The real connection: socket.io-client is its own chunk, so public pages never download it. */
const connectSocketIo: SocketFactory = async () => {
  const { io } = await import(/* webpackChunkName: "socket" */ 'socket.io-client');
  return io(API_ORIGIN, {
    // The session cookie authenticates the handshake; the server picks the user's room from it.
    withCredentials: true,
    reconnectionDelay: SOCKET_RECONNECT_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_MS,
    reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
  });
};

type Tag = TagType | { type: TagType; id: number };

/**
 * The report a push names (PushPayloads in src/shared/events.ts), read without trusting its
 * shape: a push is data off the network, and a malformed one must not break the page.
 */
function reportIdOf(payload: unknown): number | undefined {
  if (typeof payload !== 'object' || payload === null || !('report_id' in payload)) return undefined;
  return typeof payload.report_id === 'number' ? payload.report_id : undefined;
}

/** The portfolio a portfolioUpdate push names, read as warily as reportIdOf. */
function portfolioIdOf(payload: unknown): number | undefined {
  if (typeof payload !== 'object' || payload === null || !('portfolio_id' in payload)) return undefined;
  return typeof payload.portfolio_id === 'number' ? payload.portfolio_id : undefined;
}

/** What each push makes stale. */
function tagsFor(event: PushEvent, reportId: number | undefined, portfolioId?: number): Tag[] {
  const report: Tag[] = reportId === undefined ? [] : [{ type: 'Report', id: reportId }];
  switch (event) {
    // A portfolio shows its reports' figures and whether their Premium report was bought.
    case 'reportListUpdate':
      return ['ReportList', ...report, 'Portfolio'];
    case 'pendingUpdate':
      return ['PendingList', 'DisplayVars'];
    case 'settingsUpdate':
      return ['Branding', 'UserSettings', 'Account'];
    case 'premiumReportPaymentComplete':
      return [...report, 'ReportList', 'PendingList', 'Portfolio'];
    case 'newCommissionPayment':
      return ['Earnings'];
    // Without an id (a malformed push) every open portfolio refetches rather than none.
    case 'portfolioUpdate':
      return ['PortfolioList', portfolioId === undefined ? 'Portfolio' : { type: 'Portfolio', id: portfolioId }];
    default:
      return [];
  }
}

interface SessionView {
  session: { loggedIn: boolean; checked: boolean };
}

/**
 * Opens the push connection once the server has confirmed a logged-in session and closes it on
 * logout. Each push becomes a cache invalidation plus an app action.
 */
export function createSocketMiddleware(factory: SocketFactory = connectSocketIo): Middleware<object, SessionView> {
  return (store) => {
    let socket: PushSocket | null = null;
    // Bumped on every open and close, so a connection that finishes opening after a logout is dropped.
    let generation = 0;
    let open = false;

    const handle = (event: PushEvent, payload: unknown) => {
      const reportId = reportIdOf(payload);
      store.dispatch(api.util.invalidateTags(tagsFor(event, reportId, portfolioIdOf(payload))));
      store.dispatch(pushReceived({ event, payload: payload ?? {} }));
      if (event === 'premiumReportPaymentComplete' && reportId !== undefined) {
        store.dispatch(paymentCompleted({ report_id: reportId }));
      }
    };

    const connect = async (mine: number) => {
      let made: PushSocket;
      try {
        made = await factory();
      } catch {
        return; // no push (e.g. the chunk failed to load): lists still load, they just do not update live
      }
      if (mine !== generation) {
        made.disconnect();
        return;
      }
      socket = made;
      for (const event of Object.keys(PUSH_EVENTS) as PushEvent[]) {
        made.on(PUSH_EVENTS[event], (payload) => handle(event, payload));
      }
      // Pushes sent while the connection was down are not replayed, so everything may be stale.
      made.io.on('reconnect', () => store.dispatch(api.util.invalidateTags([...TAG_TYPES])));
    };

    return (next) => (action) => {
      const result = next(action);
      const { loggedIn, checked } = store.getState().session;
      const wanted = loggedIn && checked;
      if (wanted && !open) {
        open = true;
        void connect(++generation);
      } else if (!wanted && open) {
        open = false;
        generation++;
        socket?.disconnect();
        socket = null;
      }
      return result;
    };
  };
}
