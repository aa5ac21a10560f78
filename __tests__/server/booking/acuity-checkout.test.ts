import * as booking from '../../../src/shared/api/booking';
import * as sharing from '../../../src/shared/api/sharing';
import * as reports from '../../../src/shared/api/reports';
import { DEFAULT_VOUCHER_CODE } from '../../../src/shared/constants';
import { loadConfig } from '../../../src/server/platform/config/config';
import { addVoucher, endOfDay, removeVoucher } from '../../../src/server/sharing/vouchers';
import { describeEachDatabase } from '../helpers/databases';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { sharedReport } from '../sharing/shared-helpers';
import { ok } from '../helpers/answers';

const SCHEDULING = { ACUITY_OWNER: '19283746', ACUITY_APPOINTMENT_TYPES: '1-3=11111, 4-5=22222', ACUITY_CALENDAR_ID: '555' };
type Answer = {
  showCalendar: boolean;
  showHouseTooBig: boolean;
  acuityOwner: string;
  acuityAppointment: string;
  acuityCalendar: string;
  voucherMessage: string;
  voucherValid: boolean;
};

const checkout = async (server: TestServer, report_path: string, appointmentType: '1-3' | '4-5' | '6+', voucherCode = '') => {
  const res = await server.call(booking.acuityCheckout, { report_path, appointmentType, voucherCode });
  return { status: res.status, body: res.body as Answer };
};

describeEachDatabase('visit booking with scheduling configured (acuitycheckout)', (dialect) => {
  const server = useTestServer(dialect, { env: SCHEDULING });

  it.each([
    ['1-3', '11111'],
    ['4-5', '22222'],
  ] as const)('shows the calendar for %s beds with its appointment type', async (size, appointment) => {
    const { path } = await sharedReport(server());
    const { status, body } = await checkout(server(), path, size);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      showCalendar: true,
      showHouseTooBig: false,
      acuityOwner: '19283746',
      acuityAppointment: appointment,
      acuityCalendar: '555',
      voucherMessage: '',
      voucherValid: false,
    });
  });

  it('sends a 6+ bed house to a special quote, without a calendar', async () => {
    const { path } = await sharedReport(server());
    const { body } = await checkout(server(), path, '6+');
    expect(body).toMatchObject({ showCalendar: false, showHouseTooBig: true });
  });

  it('knows the SAVE-100 code the booking screen offers from a fresh installation on', async () => {
    const { path } = await sharedReport(server());
    const { body } = await checkout(server(), path, '4-5', DEFAULT_VOUCHER_CODE);
    expect(body.voucherMessage).toBe("SAVE-100 applied: £100 off your assessor's visit.");
  });

  it("answers the voucher's message, or why it does not apply, and keeps the calendar either way", async () => {
    const { path } = await sharedReport(server());
    await addVoucher(server().db, DEFAULT_VOUCHER_CODE, '£100 off your visit', null);
    await addVoucher(server().db, 'OLD-10', 'Ten off', endOfDay('2020-01-31'));
    await addVoucher(server().db, 'GONE', 'Removed', null);
    await removeVoucher(server().db, 'gone');
    // Valid: the page shows the message as a confirmation; otherwise as the refusal it is.
    const cases: [string, string, boolean][] = [
      ['', '', false],
      ['save-100', '£100 off your visit', true],
      [' SAVE-100 ', '£100 off your visit', true],
      ['NOPE', 'That discount code is not valid.', false],
      ['GONE', 'That discount code is not valid.', false],
      ['OLD-10', 'That discount code has expired.', false],
    ];
    for (const [code, message, valid] of cases) {
      const { status, body } = await checkout(server(), path, '1-3', code);
      expect(status).toBe(200);
      expect(body.voucherMessage).toBe(message);
      expect(body.voucherValid).toBe(valid);
      expect(body.showCalendar).toBe(true);
    }
  });

  it('is a 404 for a wrong or deleted link, and refuses hostile input without a 500', async () => {
    const { path, reportId, slug, user } = await sharedReport(server());
    expect((await checkout(server(), `${reportId + 7}/${slug}`, '1-3')).status).toBe(404);
    await server().call(reports.reportDelete, { report_id: reportId, delete_mode: 'delete' }, { cookie: user.cookie });
    expect((await checkout(server(), path, '1-3')).status).toBe(404);
    const headers = { 'content-type': 'application/json', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' };
    for (const payload of [
      { report_path: path, appointmentType: '7+', voucherCode: '' },
      { report_path: path, appointmentType: '1-3', voucherCode: 'x'.repeat(100_000) },
      { report_path: path, appointmentType: ['1-3'], voucherCode: 5 },
      { report_path: null, appointmentType: '1-3', voucherCode: '' },
    ]) {
      const res = await server().inject({ method: 'POST', url: '/api/acuitycheckout', payload, headers });
      expect(res.status).toBe(400);
    }
  });
});

describeEachDatabase('visit booking without scheduling configured', (dialect) => {
  const server = useTestServer(dialect, { env: { ACUITY_OWNER: '19283746', ACUITY_APPOINTMENT_TYPES: '1-3=11111' } });

  it('shows no calendar for a size without an appointment type, still checking the voucher', async () => {
    const { path } = await sharedReport(server());
    // One size has a calendar, so the link offers booking; the others lead to the assessor's contact.
    expect(ok(await server().call(sharing.sharedReport, { report_path: path })).booking_calendar).toBe(true);
    expect((await checkout(server(), path, '1-3')).body).toMatchObject({ showCalendar: true, acuityCalendar: '' });
    const { body } = await checkout(server(), path, '4-5', 'NOPE');
    expect(body).toEqual({
      success: true,
      showCalendar: false,
      showHouseTooBig: false,
      acuityOwner: '',
      acuityAppointment: '',
      acuityCalendar: '',
      voucherMessage: 'That discount code is not valid.',
      voucherValid: false,
    });
  });
});

describeEachDatabase('visit booking with no scheduling settings at all', (dialect) => {
  const server = useTestServer(dialect);

  it('shows no calendar for any size, and the link says so before any size is chosen', async () => {
    const { path } = await sharedReport(server());
    expect(ok(await server().call(sharing.sharedReport, { report_path: path })).booking_calendar).toBe(false);
    for (const size of ['1-3', '4-5'] as const)
      expect((await checkout(server(), path, size)).body).toMatchObject({ showCalendar: false, showHouseTooBig: false });
    expect((await checkout(server(), path, '6+')).body).toMatchObject({ showCalendar: false, showHouseTooBig: true });
  });
});

describe('scheduling settings', () => {
  it('refuses a malformed ACUITY_APPOINTMENT_TYPES at start', () => {
    const base = { SESSION_SECRET: 'x', DATA_DIR: '/tmp/unused' };
    expect(() => loadConfig({ ...base, ACUITY_APPOINTMENT_TYPES: '2-3=1' })).toThrow(/SIZE=ID/);
    expect(() => loadConfig({ ...base, ACUITY_APPOINTMENT_TYPES: '1-3' })).toThrow(/SIZE=ID/);
    expect(loadConfig({ ...base, ACUITY_APPOINTMENT_TYPES: '6+=9' }).scheduling.appointmentTypes).toEqual({ '6+': '9' });
  });

  it('reads expiry dates as whole days and refuses impossible ones', () => {
    expect(endOfDay('2026-02-28')).toBe(Date.parse('2026-03-01T00:00:00Z') - 1);
    expect(endOfDay('2026-02-31')).toBeNull();
    expect(endOfDay('31/12/2026')).toBeNull();
  });
});
