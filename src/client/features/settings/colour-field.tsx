import { useId, useState } from 'react';

const HEX = /^#?([0-9a-f]{6})$/i;

/** A brand colour as '#rrggbb' in lower case (what a colour input gives), or null when it is not one. */
export function normaliseColour(text: string): string | null {
  const match = HEX.exec(text.trim());
  return match ? `#${match[1].toLowerCase()}` : null;
}

/**
 * The colour picker, with its hex code beside it: assessors often know their brand's exact code,
 * and phones' colour pickers rarely let them type it.
 */
export function ColourField({ colour, onChange }: { colour: string; onChange: (colour: string) => void }) {
  const id = useId();
  const [text, setText] = useState(colour);
  const valid = normaliseColour(text) !== null;
  return (
    <div className="branding-field">
      <span className="branding-label" id={`${id}-label`}>
        Colour
      </span>
      <div className="colour-row">
        <input
          type="color"
          aria-labelledby={`${id}-label`}
          value={colour}
          onChange={(event) => {
            onChange(event.target.value);
            setText(event.target.value);
          }}
        />
        <label htmlFor={`${id}-hex`} className="visually-hidden">
          Colour hex code
        </label>
        <input
          id={`${id}-hex`}
          className="colour-hex"
          value={text}
          maxLength={7}
          spellCheck={false}
          aria-invalid={!valid}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setText(event.target.value);
            const next = normaliseColour(event.target.value);
            if (next) onChange(next);
          }}
          // A half-typed code is put back to the colour in use, so what shows is what is saved.
          onBlur={() => setText(colour)}
        />
      </div>
      <p id={`${id}-hint`} className="branding-hint">
        The colour of your report&apos;s headings and panels, as a hex code such as #2360b1.
      </p>
    </div>
  );
}
