import { useId, useState, type FormEvent } from 'react';

/** The search box; the search itself runs on the server (address, postcode, assessor ref). */
export function ReportSearch({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    // After the event rather than in it: React 19 takes a transition begun inside a submit handler
    // (the router navigates in one) for a form action and snapshots the form as FormData, which
    // this search has no use for and which jsdom's forms cannot give under the tests' fetch globals.
    queueMicrotask(() => onSearch(query));
  };
  return (
    <form className="report-search" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search reports
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder="Address, postcode or assessor ref"
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="primary">
        Search
      </button>
    </form>
  );
}
