import { act, screen } from '@testing-library/react';
import { Link, Outlet } from 'react-router-dom';
import { NOTICE_MS, NoticeRegion, useNotify } from '../../../src/client/components/notice';
import { findNotice } from '../helpers/notice';
import { renderApp } from '../helpers/render';

/** A save that redirects, as the branding, template and account forms do, and one that stays. */
function SavePage() {
  const notify = useNotify();
  return (
    <>
      <h1>Edit</h1>
      <button type="button" onClick={() => notify('Saved and moved on', { path: '/list' })}>
        Save and go
      </button>
      <button type="button" onClick={() => notify('Done here')}>
        Save here
      </button>
      <Link to="/list">To the list</Link>
    </>
  );
}

function ListPage() {
  return (
    <>
      <h1>List</h1>
      <Link to="/other">Elsewhere</Link>
    </>
  );
}

const routes = [
  {
    element: (
      <>
        <Outlet />
        <NoticeRegion />
      </>
    ),
    children: [
      { path: '/edit', element: <SavePage /> },
      { path: '/list', element: <ListPage /> },
      { path: '/other', element: <h1>Other</h1> },
    ],
  },
];

describe('the notice region', () => {
  it('shows a confirmation on the page a save redirects to, and drops it when the user moves on', async () => {
    const { user, router } = renderApp({ route: '/edit', routes });
    await user.click(screen.getByRole('button', { name: 'Save and go' }));
    // Not shown on the page being left: it belongs to where the save goes.
    expect(screen.queryByText('Saved and moved on')).not.toBeInTheDocument();
    await act(() => router.navigate('/list'));
    await findNotice('Saved and moved on');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeInTheDocument();
    expect(screen.queryByText('Saved and moved on')).not.toBeInTheDocument();
    // Coming back does not bring it back.
    await act(() => router.navigate('/list'));
    expect(screen.queryByText('Saved and moved on')).not.toBeInTheDocument();
  });

  it('shows a confirmation on the current page when nothing redirects', async () => {
    const { user } = renderApp({ route: '/edit', routes });
    await user.click(screen.getByRole('button', { name: 'Save here' }));
    await findNotice('Done here');
  });

  it('needs no dismissing: it goes by itself after a few seconds, a newer one getting its full time', () => {
    jest.useFakeTimers();
    try {
      const { router, store } = renderApp({ route: '/edit', routes });
      act(() => screen.getByRole('button', { name: 'Save here' }).click());
      expect(screen.getByText('Done here')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(NOTICE_MS - 1000));
      act(() => screen.getByRole('button', { name: 'Save here' }).click());
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByText('Done here')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(NOTICE_MS - 1000));
      expect(screen.queryByText('Done here')).not.toBeInTheDocument();
      expect(store.getState().notice).toBeNull();
      expect(router.state.location.pathname).toBe('/edit');
    } finally {
      jest.useRealTimers();
    }
  });
});
