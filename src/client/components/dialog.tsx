import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

interface DialogProps {
  title: string;
  children: ReactNode;
  /** The buttons along the bottom. */
  actions: ReactNode;
  /** Escape and a click on the backdrop; omit it for a dialog that must be answered. */
  onClose?: () => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog. Built by hand rather than on <dialog>.showModal(), which jsdom lacks: focus goes
 * to its first button, Tab stays inside, Escape closes, and focus returns where it was.
 */
export function Dialog({ title, children, actions, onClose }: DialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => before?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
    }
    if (event.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <div ref={box} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <h2 id={titleId}>{title}</h2>
        <div className="dialog-body">{children}</div>
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}

interface ConfirmProps {
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: both buttons wait. */
  busy?: boolean;
  /** Colours the confirm button as a warning, for actions that cannot be undone. */
  danger?: boolean;
  /** The confirm button waits for something to confirm (nothing picked yet); Cancel still works. */
  confirmDisabled?: boolean;
}

/**
 * A dialog answered by Cancel or one action: 'Are you sure?', or a short form and its Send. Cancel
 * comes first, so the focus lands on the harmless choice.
 */
export function ConfirmDialog({ title, children, confirmLabel = 'OK', onConfirm, onCancel, busy, danger, confirmDisabled }: ConfirmProps) {
  return (
    <Dialog
      title={title}
      onClose={busy ? undefined : onCancel}
      actions={
        <>
          <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className={danger ? 'primary danger' : 'primary'} onClick={onConfirm} disabled={busy || confirmDisabled}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
