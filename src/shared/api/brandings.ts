import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { defineCall } from './define';

const branding = z.object({
  id: z.string(),
  company_name: z.string(),
  colour: z.string(),
  image_key: z.string(),
  /** false when the branding has no logo. */
  image_url: z.union([z.string(), z.literal(false)]),
  ro: z.boolean(),
});
export type Branding = z.infer<typeof branding>;

export const getBrandings = defineCall({
  method: 'GET',
  path: '/api/userbrandings',
  response: z.object({ success: z.literal(true), brandings: z.array(branding) }),
});

const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour such as #2360b1.');
const brandingFields = {
  image: z.string().max(200).default(''),
  company_name: z
    .string()
    .trim()
    .min(1, 'You must specify a company name, you can use your own name if you are not a registered company.')
    .max(NAME_MAX),
  overprint_colour: hexColour,
};

export const saveBranding = defineCall({
  method: 'POST',
  path: '/api/userbrandings',
  request: z.discriminatedUnion('action', [
    z.object({ action: z.literal('new'), ...brandingFields }),
    z.object({ action: z.literal('update'), id: z.string().max(64), ...brandingFields }),
    z.object({ action: z.literal('delete'), id: z.string().max(64) }),
  ]),
  response: z.object({ success: z.literal(true), id: z.string().optional() }),
});
