import { nanoid } from '@reduxjs/toolkit';
import { errorMessage } from '../../app/errors';
import type { AppDispatch } from '../../app/store';
import { putFile } from '../../components/put-file';
import { createReportApi } from './api';
import {
  uploadChecking,
  uploadFailed,
  uploadProgressed,
  uploadSent,
  uploadStarted,
  uploadSucceeded,
  type SurveyFile,
} from './wizard-slice';

export const NOT_XML = 'Please choose the survey file ending in .xml.';

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

  const started = await dispatch(createReportApi.endpoints.startUpload.initiate({ extension: 'xml' }, { track: false }));
  if (started.error || !started.data) {
    dispatch(uploadFailed({ ...ids, message: errorMessage(started.error) }));
    return;
  }
  dispatch(uploadSent({ ...ids, filename: started.data.filename }));

  try {
    await putFile(started.data.upload_to, file, (percent) => dispatch(uploadProgressed({ ...ids, percent })));
  } catch (error) {
    dispatch(uploadFailed({ ...ids, message: (error as Error).message }));
    return;
  }

  dispatch(uploadChecking(ids));
  const checked = await dispatch(
    createReportApi.endpoints.uploadFollowup.initiate({ filename: started.data.filename, which_one: which }, { track: false }),
  );
  if (checked.error || !checked.data) {
    dispatch(uploadFailed({ ...ids, message: errorMessage(checked.error) }));
    return;
  }
  dispatch(uploadSucceeded({ ...ids, message: checked.data.message, addresses: checked.data.ctax?.addresses }));
};
