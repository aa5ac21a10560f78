import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import './route-error.css';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
}

/** Shown in place of a route that failed to render or whose script chunk failed to load. */
export function RouteError() {
  const error = useRouteError();
  return (
    <div className="route-error" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>{describe(error)}</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>{' '}
        <a href="/">Go to the start page</a>
      </p>
    </div>
  );
}
