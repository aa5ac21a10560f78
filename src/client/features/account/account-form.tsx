import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import type { accountSettings } from '../../../shared/api/account';
import { COVERAGE_MAX, PASSWORD_HINT, SUPPORT_EMAIL } from '../../../shared/constants';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { useSaveAccountMutation } from './api';
import { FormField } from '../../components/form-field';
import { SaveCancelRow } from '../../components/save-cancel-row';
import { useNotify } from '../../components/notice';

type Settings = z.infer<typeof accountSettings>;

export function AccountForm({ settings }: { settings: Settings }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [save, { isLoading, error }] = useSaveAccountMutation();
  const [name, setName] = useState(settings.name);
  const [phone, setPhone] = useState(settings.phone);
  const [coverage, setCoverage] = useState(settings.coverage);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');

  const mismatch = newPassword !== '' && passwordConfirm !== '' && newPassword !== passwordConfirm;
  const errors = fieldErrors(error);
  const hasFieldErrors = Object.keys(errors).length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mismatch || isLoading) return;
    const result = await save({ name, phone, coverage, currentPassword, newPassword });
    if (result.error) return;
    notify('Your details were saved', { path: '/home' });
    void navigate('/home');
  };

  return (
    <form className="account-form panel" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label="Email"
        hint={
          <>
            Your login; contact support to change it (<a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>).
          </>
        }
      >
        {(a11y) => <input {...a11y} type="email" value={settings.email} readOnly />}
      </FormField>
      <FormField label="Full name" error={errors.name}>
        {(a11y) => <input {...a11y} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <FormField label="Phone" error={errors.phone}>
        {(a11y) => <input {...a11y} type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />}
      </FormField>
      <FormField label="EPC areas covered" error={errors.coverage} hint={`${coverage.length} / max ${COVERAGE_MAX} characters`}>
        {/* The limit is the server's; the counter only informs, so typing past it is not blocked. */}
        {(a11y) => <textarea {...a11y} rows={4} value={coverage} onChange={(e) => setCoverage(e.target.value)} />}
      </FormField>
      <FormField label="Current password" error={errors.currentPassword}>
        {(a11y) => (
          <input
            {...a11y}
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="New password" error={errors.newPassword} hint={PASSWORD_HINT}>
        {(a11y) => (
          <input
            {...a11y}
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        )}
      </FormField>
      {/* 'Dose not match' is the spec's own spelling. */}
      <FormField label="Confirm new password" error={mismatch ? 'Dose not match' : undefined}>
        {(a11y) => (
          <input
            {...a11y}
            type="password"
            autoComplete="new-password"
            value={passwordConfirm}
            onChange={(e) => setPasswordConfirm(e.target.value)}
          />
        )}
      </FormField>

      <p className="account-status" role="status">
        {hasFieldErrors ? 'Please correct errors and try again.' : error ? errorMessage(error) : ''}
      </p>
      <SaveCancelRow saving={isLoading} savingLabel="Working..." disabled={mismatch} onCancel={() => void navigate('/home')} />
    </form>
  );
}
