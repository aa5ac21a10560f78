import { useEffect, useState } from 'react';
import { CALENDAR_FRAME_HEIGHT, DEFAULT_VOUCHER_CODE, PROPERTY_SIZES, SUPPORT_EMAIL, VOUCHER_DEBOUNCE_MS } from '../../shared/constants';
import type { AssessorCard } from '../../shared/api/sharing';
import { useAcuityCheckoutMutation, type SharedReport } from './api';
import { acuityUrl } from './acuity-url';
import { track } from './analytics';
import { AssessorContact, assessorDisplayName } from './assessor-brand';
import { useDebounced } from './use-debounced';

type Size = (typeof PROPERTY_SIZES)[number];

/** Where no calendar can take the booking: the owner arranges the visit with the assessor directly. */
function ArrangeVisit({ assessor }: { assessor: AssessorCard }) {
  return (
    <div className="shared-note booking-arrange">
      <h2>Arrange your visit with {assessorDisplayName(assessor)}</h2>
      <p>Online booking is not available for this report. Call or email your assessor and they will arrange a time that suits you:</p>
      <AssessorContact assessor={assessor} />
    </div>
  );
}

/**
 * Booking an assessor's visit: a size, then a voucher code; the server answers what the visit
 * costs (the voucher message), whether the calendar shows and which one. With no calendar set up
 * at all the sizes would lead nowhere, so the owner is told how to arrange the visit instead.
 */
export function AppointmentBooking({ report, reportPath }: { report: SharedReport['res']; reportPath: string }) {
  if (!report.booking_calendar) return <ArrangeVisit assessor={report.assessor} />;
  return <SizeAndCalendar report={report} reportPath={reportPath} />;
}

function SizeAndCalendar({ report, reportPath }: { report: SharedReport['res']; reportPath: string }) {
  const [size, setSize] = useState<Size | null>(null);
  const [code, setCode] = useState(DEFAULT_VOUCHER_CODE);
  // Typing does not call the server per key: the code applies once it rests for 400 ms.
  const settledCode = useDebounced(code, VOUCHER_DEBOUNCE_MS);
  const [checkout, result] = useAcuityCheckoutMutation();

  useEffect(() => {
    if (size) void checkout({ voucherCode: settledCode, appointmentType: size, report_path: reportPath });
  }, [size, settledCode, reportPath, checkout]);

  const choose = (next: Size) => {
    setSize(next);
    track('Property Size Selected', { appointmentType: next });
  };

  // The message belongs to the code it was given for: a changed code hides it until its own answer.
  const answer = result.isSuccess && result.originalArgs?.voucherCode === code ? result.data : undefined;

  return (
    <div className="booking">
      <h2>How many bedrooms does your property have?</h2>
      <div className="booking-sizes">
        {PROPERTY_SIZES.map((s) => (
          <button key={s} type="button" className="booking-size" aria-pressed={size === s} onClick={() => choose(s)}>
            {s} Beds
          </button>
        ))}
      </div>
      {size && (
        <div className="booking-voucher">
          <label htmlFor="voucher-code">Discount code</label>
          <input id="voucher-code" value={code} autoComplete="off" onChange={(e) => setCode(e.target.value)} />
          {answer?.voucherMessage && (
            <p className={answer.voucherValid ? 'shared-confirmation' : 'shared-error'} role="status">
              {answer.voucherMessage}
            </p>
          )}
        </div>
      )}
      {answer?.showHouseTooBig && (
        <p className="shared-note">
          For a property of this size we give a special quote: please email us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      )}
      {answer && !answer.showCalendar && !answer.showHouseTooBig && <ArrangeVisit assessor={report.assessor} />}
      {answer?.showCalendar && !answer.showHouseTooBig && (
        <iframe
          className="booking-calendar"
          title="Book your visit"
          src={acuityUrl(answer, report.report_name, reportPath)}
          height={CALENDAR_FRAME_HEIGHT}
          width="100%"
        />
      )}
    </div>
  );
}
