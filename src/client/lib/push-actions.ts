import { createAction } from '@reduxjs/toolkit';
import type { PushEvent } from '../../shared/events';

/**
 * Every push from the server, re-broadcast as an app action (after its cache invalidation), with
 * its payload as it came: support staff replaying a user's state see exactly what arrived.
 */
export const pushReceived = createAction<{ event: PushEvent; payload: unknown }>('push/received');

/** A premium report's card payment was fulfilled on the server: the Create Report wizard waits for this. */
export const paymentCompleted = createAction<{ report_id: number }>('push/paymentCompleted');
