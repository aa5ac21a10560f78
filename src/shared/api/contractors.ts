import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX } from '../constants';
import { defineCall } from './define';
import { PUBLIC_PATHS } from './paths';
import { assessorCard, reportPath } from './sharing';

export const contractor = z.object({
  key: z.string(),
  name: z.string(),
  url: z.string(),
  address: z.string(),
  email: z.string(),
  tel: z.string(),
  image: z.string(),
  image_mime: z.string(),
});

const contractorMode = z.enum(['preliminary', 'premium']);
const measureCode = z.string().trim().min(1).max(100);

export const contractors = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.contractors,
  public: true,
  request: z.object({ report_path: reportPath, measure_code: measureCode, report_mode: contractorMode }),
  response: z.object({
    success: z.literal(true),
    measure_name: z.string(),
    short_title: z.string(),
    contractors: z.array(contractor),
    assessor: assessorCard,
  }),
});

export const contractorsRequest = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.contractorsRequest,
  public: true,
  request: z.object({
    report_path: reportPath,
    measure_code: measureCode,
    selected_contractors: z.array(z.string().max(100)).max(50),
    phone: z.string().trim().max(PHONE_MAX).optional().default(''),
    name: z.string().trim().max(NAME_MAX).optional().default(''),
    email: z.string().trim().max(EMAIL_MAX),
    newsletter: z.boolean().optional().default(false),
    report_mode: contractorMode,
  }),
  response: z.object({ success: z.literal(true), message: z.string() }),
});

export const contractorsMeasures = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.contractorsMeasures,
  public: true,
  request: z.object({ report_path: reportPath }),
  response: z.object({
    success: z.literal(true),
    short_title: z.string(),
    assessor: assessorCard,
    measures: z.array(z.object({ code: z.string(), name: z.string(), image: z.string() })),
  }),
});
