import { Dialog } from '../../components/dialog';
import type { CheckMessage } from './messages';
import './settings-form.css';

/** A rule the user broke, told in the spec's words; OK (or Escape) closes it and nothing is sent. */
export function CheckSettingsDialog({ check, onClose }: { check: CheckMessage; onClose: () => void }) {
  return (
    <Dialog
      title="Please check settings"
      onClose={onClose}
      actions={
        <button type="button" className="primary" onClick={onClose}>
          OK
        </button>
      }
    >
      <p>{check.message}</p>
      {check.hint ? <p className="check-hint">{check.hint}</p> : null}
    </Dialog>
  );
}
