import { useId, useState } from 'react';
import type { SharedFunding } from '../../shared/api/sharing';
import { householdVerdict, INCOME_BANDS, type HouseholdAnswers, type HouseholdVerdict } from '../../shared/funding';
import { formatPoundRange } from '../../shared/money';

const VERDICT_TEXT: Record<HouseholdVerdict, string> = {
  likely: 'You may be eligible',
  open: 'You may be eligible: it depends on something not asked here',
  unlikely: 'Probably not, from your answers',
};

type SchemeLine = SharedFunding['schemes'][number];

/** A scheme's name with where it applies, so an owner sees at once whether it is for their nation. */
const schemeTitle = (s: SchemeLine) => (s.nation ? `${s.scheme} (${s.nation})` : s.scheme);

/** 'an interest-free loan of up to £7,500, over up to 8 years': a way to pay, never a saving. */
function loanWords(loan: NonNullable<SchemeLine['loan']>): string {
  const kind = loan.rate_percent === 0 ? 'an interest-free loan' : `a loan at ${loan.rate_percent}% interest`;
  const term =
    loan.term_years === null ? 'term set by the lender' : `over up to ${loan.term_years} year${loan.term_years === 1 ? '' : 's'}`;
  return `${kind} of up to ${formatPoundRange(loan.up_to_pence, loan.up_to_pence)}, ${term}`;
}

function teaserText(funding: SharedFunding): string {
  return funding.grants_high_pence > 0
    ? `This home may qualify for up to ${formatPoundRange(funding.grants_low_pence, funding.grants_high_pence)} in grants towards these improvements.`
    : 'Schemes may help pay for these improvements.';
}

/** What the scheme may come to here: a grant at both ends of the costs; a loan or a relief is never taken off them. */
function forThisHome(s: SchemeLine): string | null {
  if (s.role === 'grant' && s.up_to_high_pence > 0)
    return `For these improvements: up to ${formatPoundRange(s.up_to_low_pence, s.up_to_high_pence)}.`;
  if (s.role === 'loan') return 'A loan is repaid, so it is not taken off the cost.';
  if (s.role === 'relief') return 'Not taken off the costs shown: the survey does not say whether they include VAT.';
  return null;
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

function SchemeItem({ s, verdict }: { s: SchemeLine; verdict: HouseholdVerdict | null }) {
  const here = forThisHome(s);
  return (
    <li>
      <strong>{schemeTitle(s)}</strong>: {s.loan ? loanWords(s.loan) : s.amounts.join(', or ')}. {here && <span>{here} </span>}
      {verdict && <em>{VERDICT_TEXT[verdict]}.</em>} For {s.measures.join('; ')}; {s.condition}.{' '}
      {s.caveat && <span>Check: {s.caveat} </span>}
      <a href={s.url} target="_blank" rel="noopener">
        Official page
      </a>
    </li>
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
  const kept = verdicts.filter(({ s, verdict }) => verdict !== 'unlikely' && s.role === 'grant');
  const total = kept.reduce((sum, { s }) => ({ low: sum.low + s.up_to_low_pence, high: sum.high + s.up_to_high_pence }), {
    low: 0,
    high: 0,
  });
  const helps = verdicts.filter(({ s }) => s.role !== 'loan');
  const loans = verdicts.filter(({ s }) => s.role === 'loan');
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
                {total.high > 0
                  ? `From your answers, this home may qualify for up to ${formatPoundRange(total.low, total.high)} in grants.`
                  : 'From your answers, no grant with a set amount is likely; the others below may still help.'}
              </p>
            )}
          </div>
          <ul className="shared-funding-schemes" aria-label="Schemes that may help">
            {helps.map(({ s, verdict }) => (
              <SchemeItem key={s.scheme} s={s} verdict={answered ? verdict : null} />
            ))}
          </ul>
          {loans.length > 0 && (
            <ul className="shared-funding-schemes" aria-label="Ways to spread the cost">
              {loans.map(({ s, verdict }) => (
                <SchemeItem key={s.scheme} s={s} verdict={answered ? verdict : null} />
              ))}
            </ul>
          )}
          <p className="shared-funding-note">Each scheme makes its own decision; nothing here is a promise.</p>
        </form>
      )}
    </section>
  );
}
