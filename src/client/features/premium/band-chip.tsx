/** A rating with its band in the EPC chart's colour; the letter says it, the colour only repeats it. */
export function Rating({ points, band }: { points: number; band: string }) {
  return (
    <span className="premium-rating">
      <span className={`premium-band premium-band-${band.toLowerCase()}`}>{band}</span> {points}
    </span>
  );
}

/** A cost so far this screen cannot give: a step has no readable cost, or the assessor changed one (the server adds them up). */
export const UNKNOWN_COST = 'Not known yet';
