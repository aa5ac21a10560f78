import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/** One call of the API: its method, its path under /api/, and zod schemas for both sides. */
export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: `/api/${string}`;
  /** JSON body for POST. */
  request: Req;
  /** Query string values, for GET calls and POST calls that carry a flag in the query. */
  query: Q;
  response: Res;
  /** Public calls need no session (login, sign-up, shared links, payment return). */
  public?: boolean;
}

const noBody = z.object({}).strict();
const noQuery = z.object({});

export function defineCall<
  Req extends z.ZodType = typeof noBody,
  Res extends z.ZodType = z.ZodType,
  Q extends z.ZodType = typeof noQuery,
>(def: { method: HttpMethod; path: `/api/${string}`; request?: Req; query?: Q; response: Res; public?: boolean }): CallDef<Req, Res, Q> {
  return { ...def, request: (def.request ?? noBody) as Req, query: (def.query ?? noQuery) as Q };
}

const fieldError = z.object({ key: z.string(), error: z.string() });
export type FieldError = z.infer<typeof fieldError>;

/** Every failed call answers this, with a matching HTTP status (400 bad input, 401, 403, 404, 409, 429). */
export const failure = z.object({
  success: z.literal(false),
  error: z.string(),
  errors: z.array(fieldError).optional(),
});
export type Failure = z.infer<typeof failure>;

export const ok = z.object({ success: z.literal(true) });

/** A row id sent by a caller: ids are PostgreSQL serials (32-bit), so a larger number is no id at all. */
export const rowId = z.number().int().min(1).max(2_147_483_647);

/** A row id written as text (a branding id, the id in a shared link), or null when it is none. */
export function rowIdFromText(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const parsed = rowId.safeParse(Number(text));
  return parsed.success ? parsed.data : null;
}

export type RequestOf<C extends CallDef> = z.input<C['request']>;
export type ParsedRequestOf<C extends CallDef> = z.output<C['request']>;
export type QueryOf<C extends CallDef> = z.input<C['query']>;
export type ResponseOf<C extends CallDef> = z.infer<C['response']>;

/** Trimmed text with a length cap; blank is allowed unless the rule says otherwise. */
export const text = (max: number) => z.string().trim().max(max, `Must be ${max} characters or fewer`);
