/** A rating with its band in the EPC chart's colour; the letter says it, the colour only repeats it. */
export function Rating({ points, band }: { points: number; band: string }) {
  return (
    <span className="premium-rating">
      <span className={`premium-band premium-band-${band.toLowerCase()}`}>{band}</span> {points}
    </span>
  );
}
