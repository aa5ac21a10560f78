import { z } from 'zod';
import { defineCall } from './define';
import { policiesPublished } from './messages';

/**
 * Whether this process can serve: its database, Redis (when used) and file storage answer. A missing
 * terms or privacy policy is reported (policies, warnings) but never fails it: the instance serves fine.
 */
export const ready = defineCall({
  method: 'GET',
  path: '/api/ready',
  public: true,
  response: z.object({
    success: z.literal(true),
    database: z.literal('ok'),
    redis: z.enum(['ok', 'not used']),
    storage: z.literal('ok'),
    policies: policiesPublished,
    /** What the operator should fix though the process serves, each with the command that fixes it. */
    warnings: z.array(z.string()),
  }),
});

export const health = defineCall({
  method: 'GET',
  path: '/api/health',
  public: true,
  response: z.object({ success: z.literal(true), database: z.literal('ok') }),
});
