/**
 * A tiny analytics wrapper rather than the Amplitude SDK (~40 KB): events go to Amplitude's
 * HTTP API only when the server says analytics is configured, and nowhere otherwise. Events
 * tracked before the configuration arrives wait for it, so none is lost and none leaks.
 */
export const AMPLITUDE_HTTP_API = 'https://api2.amplitude.com/2/httpapi';

interface AnalyticsEvent {
  event_type: string;
  event_properties: Record<string, unknown>;
  time: number;
}

/** undefined: not known yet; null: analytics is off. */
let apiKey: string | null | undefined;
let userId: string | undefined;
let deviceId: string | undefined;
let waiting: AnalyticsEvent[] = [];

function send(events: AnalyticsEvent[]): void {
  if (!apiKey || events.length === 0) return;
  // Amplitude needs a user or a device id; a random device id stands in until tracking_id arrives.
  deviceId ??= Math.random().toString(36).slice(2) + Date.now().toString(36);
  const body = { api_key: apiKey, events: events.map((e) => ({ ...e, user_id: userId, device_id: deviceId })) };
  // keepalive: the event still leaves when the visitor moves on straight away (to the PDF).
  fetch(AMPLITUDE_HTTP_API, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

/** From GET /api/amplitude: a key turns tracking on; no key drops what waited. */
export function configureAnalytics(config: { enabled: boolean; apiKey: string | null }): void {
  apiKey = config.enabled && config.apiKey ? config.apiKey : null;
  const pending = waiting;
  waiting = [];
  send(pending);
}

/** The shared report's tracking_id, so the assessor's reports can be followed across visits. */
export function setAnalyticsUser(id: string | undefined): void {
  if (id) userId = id;
}

export function track(eventType: string, properties: Record<string, unknown> = {}): void {
  const event = { event_type: eventType, event_properties: properties, time: Date.now() };
  if (apiKey === undefined) waiting.push(event);
  else send([event]);
}

/** Tests start each case from "not configured yet". */
export function resetAnalytics(): void {
  apiKey = undefined;
  userId = undefined;
  deviceId = undefined;
  waiting = [];
}
