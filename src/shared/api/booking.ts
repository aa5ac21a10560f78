import { z } from 'zod';
import { PROPERTY_SIZES } from '../constants';
import { defineCall } from './define';
import { PUBLIC_PATHS } from './paths';
import { reportPath } from './sharing';

export const acuityCheckout = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.acuityCheckout,
  public: true,
  request: z.object({
    voucherCode: z.string().trim().max(64),
    appointmentType: z.enum(PROPERTY_SIZES),
    report_path: reportPath,
  }),
  response: z.object({
    success: z.literal(true),
    showCalendar: z.boolean(),
    acuityOwner: z.string(),
    acuityAppointment: z.string(),
    acuityCalendar: z.string(),
    voucherMessage: z.string(),
    /** The code is valid and applies: its message is a confirmation, not an error. */
    voucherValid: z.boolean(),
    showHouseTooBig: z.boolean(),
  }),
});
