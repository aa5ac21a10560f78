import { useId } from 'react';
import { COUNCIL_TAX_BANDS } from '../../../shared/constants';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { councilTaxChosen, ctaxManualChosen } from './wizard-slice';
import './council-tax-step.css';

const NONE_FOUND = "Unfortunately we couldn't find the council tax details for this property";

function BandPick() {
  const dispatch = useAppDispatch();
  const picked = useAppSelector((state) => state.wizard.manualBand);
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <p id={id}>Choose the property's council tax band:</p>
      <ul className="ctax-bands">
        {COUNCIL_TAX_BANDS.map((band) => (
          <li key={band}>
            <button
              type="button"
              aria-label={`Band ${band}`}
              aria-pressed={picked === band}
              onClick={() => dispatch(councilTaxChosen({ band }))}
            >
              {band}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The property's council tax entry from the list for its postcode, or its band picked by hand. */
export function CouncilTaxStep() {
  const dispatch = useAppDispatch();
  const { ctaxAddresses, ctaxManual, chosenAddress, manualBand } = useAppSelector((state) => state.wizard);
  const addresses = ctaxAddresses ?? [];
  const id = useId();

  return (
    <section className="wizard-step panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Council Tax</h2>
      {addresses.length === 0 ? <p className="ctax-none">{NONE_FOUND}</p> : null}
      {ctaxManual || addresses.length === 0 ? (
        <>
          <BandPick />
          {addresses.length > 0 ? (
            <button type="button" className="link-button" onClick={() => dispatch(ctaxManualChosen(false))}>
              Back to the address list
            </button>
          ) : null}
        </>
      ) : (
        <>
          <p>Which of these is the property?</p>
          <ul className="ctax-addresses">
            {addresses.map(({ address, band }) => (
              <li key={`${address}-${band}`}>
                <button
                  type="button"
                  className="choice-card"
                  aria-pressed={manualBand === null && chosenAddress === address}
                  onClick={() => dispatch(councilTaxChosen({ address }))}
                >
                  <span>{address}</span>
                  <span className="ctax-band">Band {band}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="secondary" onClick={() => dispatch(ctaxManualChosen(true))}>
            Property not listed
          </button>
        </>
      )}
    </section>
  );
}
