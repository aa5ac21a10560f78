import { createTransform, type PersistConfig } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import autoMergeLevel2 from 'redux-persist/lib/stateReconciler/autoMergeLevel2';
import { sessionSlice, type SessionState } from '../features/session/session-slice';
import { settleInterruptedUploads, storableWizard, wizardSlice, type WizardState } from '../features/create-report/wizard-slice';
import { checkStoredDrafts, finaliseDraftsSlice } from '../features/premium/finalise-draft-slice';
import type { RootState } from './store';

/**
 * 'checked' means "the server confirmed the session during this page load"; a stored copy would
 * let routes trust a session that may have expired while the tab was closed.
 */
const forgetChecked = createTransform<SessionState, Omit<SessionState, 'checked'>>(
  ({ checked: _checked, ...kept }) => kept,
  (stored) => ({ ...stored, checked: false }),
  { whitelist: [sessionSlice.name] },
);

/**
 * An upload under way when the page went away did not survive it; the wizard must say so. A card
 * payment's client secret is never written down.
 */
const settleUploads = createTransform<WizardState, WizardState>(storableWizard, settleInterruptedUploads, {
  whitelist: [wizardSlice.name],
});

/**
 * Only the session, the Create Report wizard and the finalise screen's drafts survive a reload.
 * The API cache is never persisted: it is refetched and kept live by push, and it holds data
 * (payment secrets, other users' data after a logout) that must not sit in localStorage. Level-2 merging lets fields
 * added to the session or the wizard later get defaults; a stored draft that no longer reads as
 * one is dropped.
 */
export const persistConfig: PersistConfig<RootState> = {
  key: 'epcplus',
  version: 1,
  storage,
  whitelist: [sessionSlice.name, wizardSlice.name, finaliseDraftsSlice.name],
  stateReconciler: autoMergeLevel2,
  transforms: [forgetChecked, settleUploads, checkStoredDrafts],
};
