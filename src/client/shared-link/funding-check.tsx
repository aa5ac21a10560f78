import { useId, useState } from 'react';
import type { SharedFunding } from '../../shared/api/shared-reports';
import { householdVerdict, INCOME_BANDS, type HouseholdAnswers, type HouseholdVerdict } from '../../shared/funding';
import { formatPrice } from '../../shared/money';

const VERDICT_TEXT: Record<HouseholdVerdict, string> = {
  likely: 'You may be eligible',
  open: 'You may be eligible: it depends on something not asked here',
  unlikely: 'Probably not, from your answers',
};

export function teaserText(funding: SharedFunding): string {
  return funding.total_pence > 0
    ? `This home may qualify for up to ${formatPrice(funding.total_pence)} towards these improvements.`
    : 'Schemes may help pay for these improvements.';
}

function YesNo({ legend, value, onChange }: { legend: string; value: boolean | undefined; onChange: (v: boolean) => void }) {
  const name = useId();
  return (
    <fieldset className="shared-funding-question">
      <legend>{legend}</legend>
      {[true, false].map((v) => (
        <label key={String(v)}>
          <input type="radio" name={name} checked={value === v} onChange={() => onChange(v)} /> {v ? 'Yes' : 'No'}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The one-line teaser and the optional check 'Could you get help paying?'. The answers live in
 * this component only: they are judged here, against the schemes the link already carries, and
 * never sent or stored. Nothing here stands between the owner and the report.
 */
export function FundingTeaser({ funding }: { funding: SharedFunding | undefined }) {
  const [open, setOpen] = useState(false);
  const [answers, setAnswers] = useState<HouseholdAnswers>({});
  const incomeName = useId();
  if (!funding) return null;
  const answered = Object.keys(answers).length > 0;
  const verdicts = funding.schemes.map((s) => ({ s, verdict: householdVerdict(s.household, answers) }));
  const total = verdicts.filter(({ verdict }) => verdict !== 'unlikely').reduce((sum, { s }) => sum + s.up_to_pence, 0);
  const set = (more: HouseholdAnswers) => setAnswers((a) => ({ ...a, ...more }));

  return (
    <section className="shared-funding" aria-labelledby="shared-funding-teaser">
      <p id="shared-funding-teaser" className="shared-funding-teaser">
        {teaserText(funding)}
      </p>
      <button type="button" className="button secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        Could you get help paying?
      </button>
      {open && (
        <form className="shared-funding-check" aria-label="Could you get help paying?" onSubmit={(e) => e.preventDefault()}>
          <p className="shared-funding-note">Three optional questions. Your answers stay on this page: they are not sent or stored.</p>
          <fieldset className="shared-funding-question">
            <legend>Your household’s income a year, before tax</legend>
            {INCOME_BANDS.map((band) => (
              <label key={band.id}>
                <input type="radio" name={incomeName} checked={answers.income === band.id} onChange={() => set({ income: band.id })} />{' '}
                {band.label}
              </label>
            ))}
          </fieldset>
          <YesNo
            legend="Does anyone in your household get a means-tested benefit, such as Universal Credit, Pension Credit or Housing Benefit?"
            value={answers.benefit}
            onChange={(benefit) => set({ benefit })}
          />
          <YesNo
            legend="Does anyone in your household have a long-term health condition?"
            value={answers.health}
            onChange={(health) => set({ health })}
          />
          <div role="status" className="shared-funding-result">
            {answered && (
              <p>
                {total > 0
                  ? `From your answers, this home may qualify for up to ${formatPrice(total)}.`
                  : 'From your answers, no scheme with a set amount is likely; the others below may still help.'}
              </p>
            )}
          </div>
          <ul className="shared-funding-schemes" aria-label="Schemes that may help">
            {verdicts.map(({ s, verdict }) => (
              <li key={s.scheme}>
                <strong>{s.scheme}</strong>: {s.amounts.join(', or ')}. {answered && <em>{VERDICT_TEXT[verdict]}.</em>} For{' '}
                {s.measures.join('; ')}; {s.condition}. {s.caveat && <span>Check: {s.caveat} </span>}
                <a href={s.url} target="_blank" rel="noopener">
                  Official page
                </a>
              </li>
            ))}
          </ul>
          <p className="shared-funding-note">Each scheme makes its own decision; nothing here is a promise.</p>
        </form>
      )}
    </section>
  );
}
