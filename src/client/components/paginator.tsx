import { Fragment } from 'react';
import { paginatorPages } from '../../shared/paginator';
import './paginator.css';

interface Props {
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are. */
  pages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, so two paginators on a page can be told apart. */
  label?: string;
}

/** Prev, the first and last pages and two either side of the current one, Next. */
export function Paginator({ page, pages, onPageChange, label = 'Pages' }: Props) {
  if (pages <= 1) return null;
  const shown = paginatorPages(page, pages);
  return (
    <nav className="paginator" aria-label={label}>
      <button type="button" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Prev
      </button>
      {shown.map((p, i) => (
        <Fragment key={p}>
          {i > 0 && p - shown[i - 1] > 1 ? (
            <span className="paginator-gap" aria-hidden="true">
              …
            </span>
          ) : null}
          <button
            type="button"
            className={p === page ? 'current' : undefined}
            aria-label={`Page ${p}`}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onPageChange(p)}
          >
            {p}
          </button>
        </Fragment>
      ))}
      <button type="button" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
