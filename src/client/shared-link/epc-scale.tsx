import { EPC_BAND_COLOURS as COLOURS, EPC_BANDS, epcBand } from '../../shared/epc-bands';

/** Letters in dark ink where white would not stand out from the band's colour. */
const DARK_TEXT = new Set(['B', 'C', 'D', 'E', 'F']);
const ROW = 26;
const TOP = 96;

/**
 * The landing's picture: the report's cover with the whole A–G scale and an arrow at the home's
 * own current rating. Drawn here, not an image file, so it shows this home's rating; people using
 * a screen reader hear the same in one sentence.
 */
export function EpcScale({ currentEpc }: { currentEpc: number }) {
  const current = epcBand(currentEpc);
  const label = `Energy rating scale from A, most efficient, to G, least efficient. This home is currently rated ${current} (${currentEpc}).`;
  const y = TOP + EPC_BANDS.findIndex((b) => b.band === current) * ROW;
  return (
    <svg className="shared-cover" viewBox="0 0 260 300" role="img" aria-label={label} width="260" height="300">
      <rect x="1" y="1" width="258" height="298" rx="10" fill="#fff" stroke="#d9dee7" strokeWidth="2" />
      <text x="18" y="40" fill="#1d2430" fontFamily="sans-serif" fontSize="17" fontWeight="700">
        Energy efficiency report
      </text>
      <text x="18" y="66" fill="#5b6575" fontFamily="sans-serif" fontSize="12">
        Your home&apos;s current rating
      </text>
      <g fontFamily="sans-serif" fontSize="13" fontWeight="700">
        {EPC_BANDS.map(({ band }, i) => (
          <g key={band}>
            <rect x="18" y={TOP + i * ROW} width={70 + i * 18} height={ROW - 4} fill={COLOURS[band]} />
            <text x="26" y={TOP + i * ROW + 16} fill={DARK_TEXT.has(band) ? '#1d2430' : '#fff'}>
              {band}
            </text>
          </g>
        ))}
      </g>
      <g fontFamily="sans-serif" fontWeight="800">
        <path d={`M200 ${y} H244 V${y + ROW - 4} H200 L188 ${y + (ROW - 4) / 2} Z`} fill={COLOURS[current]} stroke="#1d2430" />
        <text x="206" y={y + 16} fontSize="13" fill={DARK_TEXT.has(current) ? '#1d2430' : '#fff'}>
          {currentEpc} {current}
        </text>
      </g>
    </svg>
  );
}

/** One rating as the certificate shows it: the band's letter and the points, in the band's colour. */
function RatingChip({ points, label }: { points: number; label: string }) {
  const band = epcBand(points);
  return (
    <span className="shared-rating-item">
      <span className="shared-rating-label">{label}</span>
      <span className="shared-rating-chip" style={{ background: COLOURS[band], color: DARK_TEXT.has(band) ? '#1d2430' : '#fff' }}>
        {band} {points}
      </span>
    </span>
  );
}

/**
 * The first thing the owner reads: the home's rating now and what the survey's improvements could
 * take it to ("D 57 → B 83"). A home the survey cannot improve shows its rating alone. Screen
 * readers hear it as one sentence, not as letters and an arrow.
 */
export function RatingPair({ currentEpc, potentialEpc }: { currentEpc: number; potentialEpc: number }) {
  const improves = potentialEpc > currentEpc;
  const now = `${epcBand(currentEpc)} ${currentEpc}`;
  const sentence = improves
    ? `Energy rating ${now} now; it could reach ${epcBand(potentialEpc)} ${potentialEpc}.`
    : `Energy rating ${now} now.`;
  return (
    <div className="shared-rating" role="img" aria-label={sentence}>
      <RatingChip points={currentEpc} label="Now" />
      {improves && (
        <>
          <span className="shared-rating-arrow">→</span>
          <RatingChip points={potentialEpc} label="Could reach" />
        </>
      )}
    </div>
  );
}
