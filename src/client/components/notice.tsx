import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../lib/hooks';
import { noticeCleared, noticeShown } from './notice-slice';
import './notice.css';

/** Long enough to read twice, short enough not to linger over the next task. */
export const NOTICE_MS = 6000;

/**
 * Says that something was done. `options.path` is where the page goes next when the action
 * redirects; without it the notice shows on the current page.
 * `options.failed` says it did not happen, for saves that go on regardless.
 */
export function useNotify() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  return useCallback(
    (text: string, options: { path?: string; failed?: boolean } = {}) =>
      dispatch(noticeShown({ text, path: options.path ?? pathname, ...(options.failed ? { failed: true } : {}) })),
    [dispatch, pathname],
  );
}

/**
 * Where confirmations appear: one polite live region in the shell, so a notice outlives the
 * redirect after a save. It needs no dismissing: it goes after a few seconds, or as soon as the
 * user moves to another page.
 */
export function NoticeRegion() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { pathname } = useLocation();
  const notice = useAppSelector((state) => state.notice);
  const shown = notice && notice.path === pathname ? notice : null;

  // Read from the store, not the render: only a move to another page counts here, not the
  // dispatch of a notice for the page a save is about to go to.
  useEffect(() => {
    const current = store.getState().notice;
    if (current && current.path !== pathname) dispatch(noticeCleared(current.id));
  }, [pathname, store, dispatch]);

  const shownId = shown?.id;
  useEffect(() => {
    if (shownId === undefined) return;
    const timer = setTimeout(() => dispatch(noticeCleared(shownId)), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [shownId, dispatch]);

  // The region is always in the page: screen readers announce changes to a live region they already know.
  return (
    <div className="notice-region" role="status" aria-live="polite">
      {shown ? (
        <p className={shown.failed ? 'notice notice-failed' : 'notice'} key={shown.id}>
          <span className="notice-mark" aria-hidden="true">
            {shown.failed ? '✗' : '✓'}
          </span>
          {shown.text}
        </p>
      ) : null}
    </div>
  );
}
