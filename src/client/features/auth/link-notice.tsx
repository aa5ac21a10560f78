import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LINK_NOTICE, type LinkNotice } from '../../../shared/states';

/** What the login page says when an emailed link brought someone here instead of where it leads. */
const TEXTS: Record<LinkNotice, ReactNode> = {
  [LINK_NOTICE.confirmInvalid]:
    'This confirmation link has already been used or is not valid. Log in, or ask for a new confirmation email.',
  [LINK_NOTICE.alreadyConfirmed]: 'Your email address is already confirmed. Log in below.',
  [LINK_NOTICE.resetInvalid]: (
    <>
      This password reset link has expired or has already been used. <Link to="/forgotpassword">Ask for a new one</Link>.
    </>
  ),
};

export function LinkNoticeText({ notice }: { notice: LinkNotice }) {
  return (
    <p className={notice === LINK_NOTICE.alreadyConfirmed ? 'auth-notice' : 'auth-notice warning'} role="status">
      {TEXTS[notice]}
    </p>
  );
}
