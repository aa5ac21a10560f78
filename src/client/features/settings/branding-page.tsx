import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Branding } from '../../../shared/api/brandings';
import { Spinner } from '../../components/spinner';
import { useBrandingsQuery } from './api';
import { BrandingForm } from './branding-form';

/**
 * /branding/new and /branding/{brandingId}: one screen. An id that is not one of the user's own
 * brandings (or names the read-only default) goes to /, as does a load the server refuses.
 */
export default function BrandingPage() {
  const { brandingId } = useParams();
  const navigate = useNavigate();
  const editing = brandingId !== undefined;
  const { data, isError } = useBrandingsQuery(undefined, { skip: !editing });
  const found = editing && data ? data.entities[brandingId] : undefined;
  // Held once found: a push refetching the list must neither reset what is being typed nor, if
  // another tab deletes the branding meanwhile, throw the user out mid-edit.
  const [branding, setBranding] = useState<Branding>();
  const unknown = editing && data !== undefined && !branding && (!found || found.ro);

  if (found && !found.ro && !branding) setBranding(found);

  useEffect(() => {
    if ((isError && !branding) || unknown) void navigate('/', { replace: true });
  }, [isError, branding, unknown, navigate]);

  return (
    <div className="branding-page">
      <h1>{editing ? 'Edit Branding' : 'New Branding'}</h1>
      {editing && !branding ? <Spinner label="Loading your branding" /> : <BrandingForm branding={branding} />}
    </div>
  );
}
