import { useId, useState, type FormEvent } from 'react';
import './search-form.css';

interface Props {
  /** What is searched, for screen readers ("Search reports"). */
  label: string;
  placeholder: string;
  initial: string;
  onSearch: (text: string) => void;
  /** 'secondary' where the search is not the page's main action (a dialog's). */
  button?: 'primary' | 'secondary';
}

/** A list's search box; the search itself runs on the server. Shared by the report and portfolio lists and the Add reports dialog. */
export function SearchForm({ label, placeholder, initial, onSearch, button = 'primary' }: Props) {
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
    <form className="search-form" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" value={text} placeholder={placeholder} maxLength={200} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className={button}>
        Search
      </button>
    </form>
  );
}
