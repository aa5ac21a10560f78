import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageCount } from '../../shared/paginator';
import { listAddressOf } from '../lib/list-address';
import { ActionsHeading } from './actions-heading';
import { LoadError } from './load-error';
import { Paginator } from './paginator';
import { SearchForm } from './search-form';
import { Spinner } from './spinner';
import './list.css';

interface ListMove {
  search?: string;
  page?: number;
  /** The deleted items rather than the live ones, for a list that shows both at one path. */
  deleted?: boolean;
}

/**
 * Where a paged list is, as its address keeps it (?search=&page=, and deleted=yes for a list whose
 * deleted items share its path), so a reload or the Back button keeps it. `go` moves there: what
 * it does not name stays as it is, but the page, which is the first unless named.
 */
export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const { search, page, deleted } = listAddressOf(params);
  const go = (next: ListMove, replace = false) => {
    const query: Record<string, string> = {};
    const text = next.search ?? search;
    if (text) query.search = text;
    if (next.deleted ?? deleted) query.deleted = 'yes';
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query, { replace });
  };
  return { params, search, page, deleted, go };
}

type ListAddress = ReturnType<typeof useListAddress>;

interface Props {
  address: ListAddress;
  /** What the list holds, one of them in lower case ("report"): it names the search box, the pages and the messages. */
  noun: string;
  placeholder: string;
  perPage: number;
  /** The list's query: `data` as last fetched, `currentData` as fetched for this address. */
  query: {
    data?: { total: number };
    currentData?: { total: number };
    isLoading: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  /** The rows on this page. */
  count: number;
  /** What the list says when it has nothing and no search is active. */
  empty: ReactNode;
  /** The column headings; the last column, the row's buttons, is added here. */
  headings: ReactNode;
  /** The rows: each ends with a <td className="list-actions"> of its buttons. */
  children: ReactNode;
}

/**
 * A searchable, paged table: the search box, the rows (or why there are none) and the pages. The
 * server searches, sorts and pages; this shows what it sends for the address.
 */
export function PagedList({ address, noun, placeholder, perPage, query, count, empty, headings, children }: Props) {
  const { search, page, go } = address;
  const nouns = `${noun}s`;
  const pages = pageCount(query.data?.total ?? 0, perPage);

  // A page past the end (its last row was deleted, or an old link): show the last page there is.
  const lastPage = query.currentData ? pageCount(query.currentData.total, perPage) : page;
  useEffect(() => {
    if (page > lastPage) go({ page: lastPage }, true);
  });

  let body: ReactNode;
  if (query.isLoading) body = <Spinner label={`Loading ${nouns}`} />;
  else if (query.isError || !query.data) body = <LoadError what={`your ${nouns}`} onRetry={() => void query.refetch()} />;
  else if (count === 0) {
    body = search ? (
      <div className="panel panel-outline list-empty">
        <p>{`No ${nouns} matched your search`}</p>
        <button type="button" className="secondary" onClick={() => go({ search: '', page: 1 })}>
          Clear search
        </button>
      </div>
    ) : (
      <div className="panel panel-outline list-empty">{empty}</div>
    );
  } else {
    body = (
      <div className="data-table-wrap" aria-busy={query.isFetching}>
        <table className="data-table list-table cards-when-narrow">
          <thead>
            <tr>
              {headings}
              <ActionsHeading />
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    );
  }

  return (
    <>
      {/* Keyed by the search in the address, so Clear search also empties the box. */}
      <SearchForm
        key={search}
        label={`Search ${nouns}`}
        placeholder={placeholder}
        initial={search}
        onSearch={(text) => go({ search: text, page: 1 })}
      />
      {body}
      <Paginator page={page} pages={pages} onPageChange={(p) => go({ page: p })} label={`${noun[0].toUpperCase()}${noun.slice(1)} pages`} />
    </>
  );
}
