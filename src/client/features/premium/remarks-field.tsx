import { REMARKS } from '../../../shared/constants';
import { remarksLines, remarksState } from '../../../shared/rules/remarks';
import { FormField } from '../../components/form-field';

const REMARKS_WARNING = {
  warn: 'You are approaching the length limit',
  over: 'You are over the length limit',
} as const;

/** The assessor's remarks, measured in report lines (72 characters, plus each newline) as the PDF prints them. */
export function RemarksField({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const state = remarksState(value);
  const lines = remarksLines(value);
  return (
    <section aria-labelledby="premium-remarks-heading">
      {/* The field's own label says what it is; the heading is there for finding it by headings. */}
      <h2 id="premium-remarks-heading" className="visually-hidden">
        Remarks
      </h2>
      <FormField
        label="Your remarks for the owner"
        hint={`${lines} of ${REMARKS.blockAtLines - 1} lines (${REMARKS.charsPerLine} characters a line)`}
        error={state === 'over' ? REMARKS_WARNING.over : undefined}
      >
        {(control) => <textarea {...control} rows={4} value={value} onChange={(e) => onChange(e.target.value)} />}
      </FormField>
      {state === 'warn' ? (
        <p role="status" className="premium-remarks-warning">
          {REMARKS_WARNING.warn}
        </p>
      ) : null}
    </section>
  );
}
