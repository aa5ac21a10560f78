import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for postcodes.io's bulk lookup (POST /postcodes), answering from a table the
 * test gives, in postcodes.io's shape: { status: 200, result: [{ query, result: {...} | null }] }.
 * It counts the requests and the postcodes asked, and can be made to fail or to hang.
 */

export interface StandInLocation {
  latitude: number;
  longitude: number;
}

/** How the stand-in answers: as postcodes.io, as a service that is down (503), or not at all. */
export type StandInMode = 'answer' | 'down' | 'hang';

export interface PostcodesStandIn {
  /** The address to set as POSTCODES_API_URL. */
  url: string;
  /** The bodies' postcode lists of every bulk request so far, in order. */
  requests(): string[][];
  /** Every postcode asked so far, as sent. */
  asked(): string[];
  setMode(mode: StandInMode): void;
  close(): Promise<void>;
}

/** As postcodes.io matches: case and spaces do not matter. */
const compact = (postcode: string) => postcode.replace(/\s/g, '').toUpperCase();

/** postcodes.io refuses a bulk request of more than 100 postcodes with 400. */
const BULK_MAX = 100;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startPostcodesStandIn(known: Record<string, StandInLocation>): Promise<PostcodesStandIn> {
  const table = new Map(Object.entries(known).map(([postcode, at]) => [compact(postcode), { postcode, ...at }]));
  const recorded: string[][] = [];
  const hanging = new Set<ServerResponse>();
  let mode: StandInMode = 'answer';

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    if (req.method !== 'POST' || req.url !== '/postcodes') return send(res, 404, { status: 404, error: 'Resource not found' });
    const postcodes = (JSON.parse(body || '{}') as { postcodes?: unknown }).postcodes;
    if (!Array.isArray(postcodes))
      return send(res, 400, { status: 400, error: 'Invalid JSON submitted. You need to submit a JSON object with an array of postcodes' });
    recorded.push(postcodes.map(String));
    if (mode === 'hang') return void hanging.add(res);
    if (mode === 'down') return send(res, 503, { status: 503, error: 'Service unavailable' });
    if (postcodes.length > BULK_MAX)
      return send(res, 400, { status: 400, error: 'Too many postcodes submitted. Up to 100 postcodes can be bulk requested at a time' });
    const result = postcodes.map((query: unknown) => {
      const found = table.get(compact(String(query)));
      return { query, result: found ? { postcode: found.postcode, latitude: found.latitude, longitude: found.longitude } : null };
    });
    send(res, 200, { status: 200, result });
  };

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => recorded.map((r) => [...r]),
    asked: () => recorded.flat(),
    setMode: (next) => void (mode = next),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
