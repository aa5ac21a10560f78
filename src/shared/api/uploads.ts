import { z } from 'zod';
import { COUNCIL_TAX_BANDS } from '../constants';
import { defineCall } from './define';

/** A key the upload call gave (uploads.key, varchar(100) on PostgreSQL): no longer one can name a file. */
export const STORAGE_KEY_MAX = 100;
export const storageKey = z.string().trim().min(1).max(STORAGE_KEY_MAX);
export const ctaxBand = z.enum(COUNCIL_TAX_BANDS);

export const upload = defineCall({
  method: 'POST',
  path: '/api/upload',
  request: z.object({
    extension: z.string().trim().min(1).max(10),
    isLogo: z.boolean().optional(),
    /** The file's size in bytes: an object store's presigned address is signed for exactly that many. */
    size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  response: z.object({ success: z.literal(true), upload_to: z.string(), filename: z.string() }),
});

const ctaxAddress = z.object({ address: z.string(), band: ctaxBand });
export type CtaxAddress = z.infer<typeof ctaxAddress>;

export const uploadFollowup = defineCall({
  method: 'POST',
  path: '/api/uploadxmlfollowup',
  request: z.object({ filename: storageKey, which_one: z.enum(['A', 'B', 'LOGO']) }),
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    ctax: z.object({ addresses: z.array(ctaxAddress) }).optional(),
    /**
     * File A only: what the survey check found that the report settles its own way (the rule's id
     * and a plain sentence naming the step or figure and what the report uses). Optional, so an
     * answer without it still reads.
     */
    warnings: z.array(z.object({ rule: z.string(), message: z.string() })).optional(),
    /** LOGO only: a short-lived address of the converted PNG, for a preview. */
    image_url: z.string().optional(),
  }),
});
