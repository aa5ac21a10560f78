import { nanoid } from '@reduxjs/toolkit';
import type { AppDispatch } from '../../lib/hooks';
import { uploadFile } from '../../lib/upload-file';
import {
  uploadChecking,
  uploadFailed,
  uploadProgressed,
  uploadSent,
  uploadStarted,
  uploadSucceeded,
  type SurveyFile,
} from './wizard-slice';

const NOT_XML = 'Please choose the survey file ending in .xml.';

/**
 * One survey file from the user's computer to a checked file on the server: ask where to put it,
 * PUT the bytes with progress, then have the server check it (and, for file A, find the council
 * tax entries for its postcode). Every stage lands in the wizard slice, so the page shows it and a
 * reload keeps what was done.
 */
export const uploadSurveyFile = (which: SurveyFile, file: File) => async (dispatch: AppDispatch) => {
  const attempt = nanoid();
  const ids = { which, attempt };
  dispatch(uploadStarted({ ...ids, originalName: file.name }));
  if (!/\.xml$/i.test(file.name)) {
    dispatch(uploadFailed({ ...ids, message: NOT_XML }));
    return;
  }

  const result = await uploadFile(
    dispatch,
    file,
    { extension: 'xml', which },
    {
      sent: (filename) => dispatch(uploadSent({ ...ids, filename })),
      percent: (percent) => dispatch(uploadProgressed({ ...ids, percent })),
      checking: () => dispatch(uploadChecking(ids)),
    },
  );
  if (!result.ok) dispatch(uploadFailed({ ...ids, message: result.message }));
  else {
    const { message, ctax, warnings } = result.checked;
    dispatch(uploadSucceeded({ ...ids, message, addresses: ctax?.addresses, warnings }));
  }
};
