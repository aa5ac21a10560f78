import type { PropertySize, SchedulingConfig } from '../platform/config/config';

export interface Booking {
  showCalendar: boolean;
  showHouseTooBig: boolean;
  acuityOwner: string;
  acuityAppointment: string;
  acuityCalendar: string;
}

/**
 * What the booking screen offers for a property size: 6+ bedrooms is always a special quote by
 * email; otherwise the calendar, when an owner and an appointment type are configured for the size.
 */
export function bookingFor(config: SchedulingConfig, size: PropertySize): Booking {
  const none = { acuityOwner: '', acuityAppointment: '', acuityCalendar: '' };
  if (size === '6+') return { showCalendar: false, showHouseTooBig: true, ...none };
  const appointment = config.appointmentTypes[size];
  if (!config.owner || !appointment) return { showCalendar: false, showHouseTooBig: false, ...none };
  return {
    showCalendar: true,
    showHouseTooBig: false,
    acuityOwner: config.owner,
    acuityAppointment: appointment,
    acuityCalendar: config.calendarId ?? '',
  };
}

/** Whether any size can be booked in a calendar; without one the owner arranges a visit with the assessor directly. */
export function hasBookingCalendar(config: SchedulingConfig): boolean {
  return Boolean(config.owner) && Object.values(config.appointmentTypes).some(Boolean);
}
