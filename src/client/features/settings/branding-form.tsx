import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Branding } from '../../../shared/api/brandings';
import { DEFAULT_BRAND_COLOUR, NAME_MAX } from '../../../shared/constants';
import { useSaveBrandingMutation } from './api';
import { CheckSettingsDialog } from './check-settings-dialog';
import { ColourField, normaliseColour } from './colour-field';
import { LogoChoice, type LogoChoiceValue } from './logo-choice';
import { BLANK_COMPANY_NAME, NEW_LOGO_NOT_READY, UNKNOWN_LOGO_TYPE, type CheckMessage } from './messages';
import { useLogoUpload, type LogoUpload } from './use-logo-upload';
import './branding-form.css';
import './settings-form.css';
import { SaveCancelRow } from '../../components/save-cancel-row';
import { FormField } from '../../components/form-field';
import { useNotify } from '../../components/notice';
import { errorMessage } from '../../lib/errors';

/** The logo key to save, or null when a new logo was asked for and none is ready. */
function logoKeyToSave(choice: LogoChoiceValue, upload: LogoUpload, existingKey: string): string | null {
  if (choice === 'none') return '';
  if (choice === 'existing') return existingKey;
  if (upload.stage === 'uploaded') return upload.key;
  // A new logo the server refused at follow-up leaves the branding's logo as it was.
  if (upload.stage === 'failed' && upload.rejected) return existingKey;
  return null;
}

/** Create (no branding given) or edit a branding: company name, colour and logo. */
export function BrandingForm({ branding }: { branding?: Branding }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [save, { isLoading }] = useSaveBrandingMutation();
  const existingKey = branding?.image_key ?? '';
  const [companyName, setCompanyName] = useState(branding?.company_name ?? '');
  const [colour, setColour] = useState(normaliseColour(branding?.colour ?? '') ?? DEFAULT_BRAND_COLOUR);
  const [choice, setChoice] = useState<LogoChoiceValue>(existingKey ? 'existing' : 'none');
  const { upload, choose, reset } = useLogoUpload();
  const [check, setCheck] = useState<CheckMessage | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const company_name = companyName.trim();
    if (!company_name) return setCheck(BLANK_COMPANY_NAME);
    const image = logoKeyToSave(choice, upload, existingKey);
    if (image === null) return setCheck(NEW_LOGO_NOT_READY);
    const fields = { company_name, overprint_colour: colour, image };
    const result = await save(branding ? { action: 'update', id: branding.id, ...fields } : { action: 'new', ...fields });
    // Save errors are not handled: the app goes on to the list whatever the answer; the notice says which it was.
    notify(result.error ? `Branding not saved: ${errorMessage(result.error)}` : 'Branding saved', {
      path: '/settings',
      failed: Boolean(result.error),
    });
    void navigate('/settings');
  };

  return (
    <form className="branding-form panel" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        className="branding-field"
        label="Company name"
        hint="Shown on your reports. You can use your own name if you are not a registered company."
      >
        {(control) => (
          <input
            {...control}
            value={companyName}
            maxLength={NAME_MAX}
            autoComplete="organization"
            onChange={(event) => setCompanyName(event.target.value)}
          />
        )}
      </FormField>
      <ColourField colour={colour} onChange={setColour} />
      <LogoChoice
        choice={choice}
        onChoice={setChoice}
        existing={existingKey && branding ? { url: branding.image_url } : undefined}
        upload={upload}
        onFile={(file) => {
          if (!choose(file)) setCheck(UNKNOWN_LOGO_TYPE);
        }}
        onReset={reset}
      />
      <SaveCancelRow saving={isLoading} onCancel={() => void navigate('/settings')} />
      {check ? <CheckSettingsDialog check={check} onClose={() => setCheck(null)} /> : null}
    </form>
  );
}
