import './save-cancel-row.css';

interface SaveCancelRowProps {
  /** The save is under way: the button says so and cannot be pressed twice. */
  saving: boolean;
  /** What the button says meanwhile. */
  savingLabel?: string;
  /** Saving is not possible yet (e.g. passwords that do not match). */
  disabled?: boolean;
  onCancel: () => void;
}

/** The end of every settings-like form: Save submits the form, Cancel leaves it unchanged. */
export function SaveCancelRow({ saving, savingLabel = 'Saving...', disabled = false, onCancel }: SaveCancelRowProps) {
  return (
    <div className="save-cancel-row">
      <button type="submit" className="primary" disabled={disabled || saving}>
        {saving ? savingLabel : 'Save'}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
