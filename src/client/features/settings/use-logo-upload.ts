import { useCallback, useRef, useState } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { uploadFile } from '../../lib/upload-file';
import { isTooLarge, logoExtension, savedLogoKey, TOO_LARGE } from './logo-file';

/** Where a new logo's upload is, for the branding form's logo choice. */
export type LogoUpload =
  | { stage: 'idle' }
  | { stage: 'starting'; name: string }
  /** The bytes going up; at 100 the server is still answering and checking the file ('Sending file...'). */
  | { stage: 'sending'; name: string; percent: number }
  /** `message`: the server's word on the logo; `preview`: the stored PNG, as reports will show it. */
  | { stage: 'uploaded'; name: string; key: string; message: string; preview?: string }
  /** `rejected`: the follow-up refused the file itself, so a save falls back to the existing logo. */
  | { stage: 'failed'; name: string; error: string; rejected: boolean };

const IDLE: LogoUpload = { stage: 'idle' };

/**
 * A new logo from the user's computer to a stored, checked file: ask where to put it, PUT the bytes
 * with progress, then have the server check it. Reset (or a new file) abandons an upload under
 * way: its late answers are ignored.
 */
export function useLogoUpload() {
  const [upload, setUpload] = useState<LogoUpload>(IDLE);
  const dispatch = useAppDispatch();
  const attempt = useRef(0);

  const reset = useCallback(() => {
    attempt.current += 1;
    setUpload(IDLE);
  }, []);

  /** Starts the upload; false when the file is not one of the logo types (nothing is sent then). */
  const choose = useCallback(
    (file: File): boolean => {
      const extension = logoExtension(file.name);
      if (!extension) return false;
      const mine = ++attempt.current;
      const name = file.name;
      const update = (next: LogoUpload) => {
        if (attempt.current === mine) setUpload(next);
      };
      const failed = (error: string, rejected = false) => update({ stage: 'failed', name, error, rejected });

      if (isTooLarge(file)) {
        // The server refuses it too; saying so here spares a long upload on a slow line.
        failed(TOO_LARGE);
        return true;
      }
      update({ stage: 'starting', name });
      void uploadFile(
        dispatch,
        file,
        { extension, isLogo: true, which: 'LOGO' },
        {
          sent: () => update({ stage: 'sending', name, percent: 0 }),
          percent: (percent) => update({ stage: 'sending', name, percent }),
        },
      ).then((result) => {
        if (!result.ok) return failed(result.message, result.rejected);
        const { message, image_url } = result.checked;
        update({ stage: 'uploaded', name, key: savedLogoKey({ filename: result.filename }), message, preview: image_url });
      });
      return true;
    },
    [dispatch],
  );

  return { upload, choose, reset };
}
