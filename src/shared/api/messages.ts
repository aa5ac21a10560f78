import { z } from 'zod';
import { defineCall, ok, rowId } from './define';
import { PAGE_DATA_PATHS, PUBLIC_PATHS } from './paths';

const terms = z.object({ title: z.string(), message_html: z.string(), updated_at: z.number().int() });
const messageOption = z.object({ type: z.literal('button'), label: z.string(), value: z.string() });
const message = z.object({
  id: rowId,
  title: z.string(),
  message_html: z.string(),
  options: z.array(messageOption),
});

export const checkMessages = defineCall({
  method: 'GET',
  path: PAGE_DATA_PATHS.checkMessages,
  response: z.object({
    success: z.literal(true),
    type: z.enum(['NONE', 'TERMS', 'MESSAGE', 'AUTO']),
    terms: z.array(terms),
    /** The newest terms' time; sent back as acceptedTo so later terms are asked for again. */
    updated_at: z.number().int().nullable(),
    message: message.nullable(),
  }),
});

export const answerMessage = defineCall({
  method: 'POST',
  path: '/api/checkmessages',
  request: z.discriminatedUnion('type', [
    z.object({ type: z.literal('TERMS'), acceptTerms: z.literal(true), acceptedTo: z.number().int() }),
    z.object({ type: z.literal('MESSAGE'), id: rowId, response: z.string().max(200) }),
  ]),
  response: ok,
});

/** Which of the terms and the privacy policy the operator has published: pages link to neither while it is missing. */
export const policiesPublished = z.object({ terms: z.boolean(), privacy: z.boolean() });

/** For the sign-up page and the card form: whether there are terms to agree to. */
export const publishedPolicies = defineCall({
  method: 'GET',
  path: PUBLIC_PATHS.policies,
  public: true,
  response: policiesPublished.extend({ success: z.literal(true) }),
});
