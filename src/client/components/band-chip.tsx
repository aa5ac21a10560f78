import { EPC_BAND_COLOURS, isEpcBand, type EpcBand } from '../../shared/epc-bands';
import './band-chip.css';

/** The chart's pale middle takes dark letters: white would not stand out from C, D or E. */
const DARK_LETTERS: ReadonlySet<EpcBand> = new Set(['C', 'D', 'E']);

interface Props {
  /** The band's letter as the data gives it; one that is not a band shows uncoloured. */
  band: string;
  /** Shown after the letter when given: "D 57". */
  points?: number;
  /** Tighter, for dense working screens (the Premium finalise screen's tables). */
  compact?: boolean;
}

/**
 * A band's letter in its colour on the EPC chart, as the certificates and the PDFs colour it; the
 * letter says the band, the colour only repeats it. With points, letter and points stay on one line.
 */
export function BandChip({ band, points, compact = false }: Props) {
  const letter = band.toUpperCase();
  const known = isEpcBand(letter);
  const className = ['band-chip', compact && 'band-chip-compact', known && DARK_LETTERS.has(letter) && 'band-chip-dark-letter']
    .filter(Boolean)
    .join(' ');
  const chip = (
    <span className={className} style={known ? { backgroundColor: EPC_BAND_COLOURS[letter] } : undefined}>
      {band}
    </span>
  );
  if (points === undefined) return chip;
  return (
    <span className="band-rating">
      {chip} {points}
    </span>
  );
}
