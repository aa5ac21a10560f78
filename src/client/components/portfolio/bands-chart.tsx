import { useId } from 'react';
import type { PortfolioView } from '../../../shared/api/portfolios';
import { EPC_BANDS } from '../../../shared/epc-bands';
import { BandChip } from '../band-chip';
import './portfolio.css';

type BandCounts = PortfolioView['summary']['bands_now'];

function BarLine({ kind, count, most }: { kind: 'now' | 'after'; count: number; most: number }) {
  return (
    <span className="portfolio-bar-line">
      <span className="portfolio-bar-track">
        <span className={`portfolio-bar portfolio-bar-${kind}`} style={{ width: `${(count / most) * 100}%` }} />
      </span>
      <span className="portfolio-bar-count">{count}</span>
    </span>
  );
}

/**
 * How many homes sit in each band today and once every route is done, as paired bars. The bars
 * are drawn for the eye only; a screen reader reads the same numbers from a table.
 */
export function BandsChart({ now, after }: { now: BandCounts; after: BandCounts }) {
  const most = Math.max(1, ...EPC_BANDS.map(({ band }) => Math.max(now[band] ?? 0, after[band] ?? 0)));
  const captionId = useId();
  return (
    <figure className="portfolio-bands" aria-labelledby={captionId}>
      <figcaption id={captionId}>Homes by energy band, now and after the plans</figcaption>
      <div className="portfolio-bands-legend" aria-hidden="true">
        <span className="portfolio-key portfolio-key-now">Now</span>
        <span className="portfolio-key portfolio-key-after">After the plans</span>
      </div>
      <div className="portfolio-bands-rows" aria-hidden="true">
        {EPC_BANDS.map(({ band }) => (
          <div key={band} className="portfolio-bands-row">
            <BandChip band={band} />
            <span className="portfolio-bars">
              <BarLine kind="now" count={now[band] ?? 0} most={most} />
              <BarLine kind="after" count={after[band] ?? 0} most={most} />
            </span>
          </div>
        ))}
      </div>
      <table className="visually-hidden">
        <caption>Homes by energy band</caption>
        <thead>
          <tr>
            <th scope="col">Band</th>
            <th scope="col">Now</th>
            <th scope="col">After the plans</th>
          </tr>
        </thead>
        <tbody>
          {EPC_BANDS.map(({ band }) => (
            <tr key={band}>
              <th scope="row">{band}</th>
              <td>{now[band] ?? 0}</td>
              <td>{after[band] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
