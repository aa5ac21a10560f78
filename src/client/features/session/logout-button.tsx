import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../lib/hooks';
import { endSession } from './end-session';

/** Ends the session on the server and here, forgets every cached answer, and goes to the login page. */
export function LogoutButton({ className }: { className?: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void dispatch(endSession({ tellServer: true })).then(() => navigate('/', { replace: true }));
      }}
    >
      Log out
    </button>
  );
}
