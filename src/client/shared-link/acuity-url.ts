/** The embedded scheduler's page; the server names the owner, appointment type and calendar. */
const ACUITY_SCHEDULE_URL = 'https://app.acuityscheduling.com/schedule.php';

interface Checkout {
  acuityOwner: string;
  acuityAppointment: string;
  acuityCalendar: string;
}

/**
 * The calendar frame's address. It carries the report's name and its path (id/slug, encoded, so
 * the slash survives) so the booking can be matched to the report it came from.
 */
export function acuityUrl(checkout: Checkout, reportName: string, reportPath: string): string {
  const params = new URLSearchParams({ owner: checkout.acuityOwner, appointmentType: checkout.acuityAppointment });
  if (checkout.acuityCalendar) params.set('calendarID', checkout.acuityCalendar);
  params.set('report_name', reportName);
  params.set('report_path', reportPath);
  return `${ACUITY_SCHEDULE_URL}?${params.toString()}`;
}
