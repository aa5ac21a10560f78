import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { AccountForm } from './account-form';
import { useGetAccountQuery } from './api';
import './account-page.css';

/** My Account: the user's own details and password. A load that fails goes back to the start page. */
export default function AccountPage() {
  const navigate = useNavigate();
  // Always fresh: the form starts from what the server holds now, not from an older visit.
  const { data, isFetching, isError } = useGetAccountQuery(undefined, { refetchOnMountOrArgChange: true });

  useEffect(() => {
    if (isError) void navigate('/', { replace: true });
  }, [isError, navigate]);

  return (
    <div className="account-page">
      <h1>My Account</h1>
      <p className="account-intro">Set your personal data and how you access your account</p>
      {isFetching || !data ? <Spinner /> : <AccountForm settings={data.settings} />}
    </div>
  );
}
