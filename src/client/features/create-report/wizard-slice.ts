import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CtaxAddress } from '../../../shared/api/uploads';
import type { COUNCIL_TAX_BANDS } from '../../../shared/constants';
import type { UploadState } from '../../components/upload-progress';
import { loggedOut } from '../session';
import { paymentCompleted } from '../../lib/push-actions';
import type { WizardStep } from './steps';

export type ReportType = 'preliminary' | 'premium';
export type CouncilTaxBand = (typeof COUNCIL_TAX_BANDS)[number];
/** A is the lodged EPC XML (LIG), B the scheme's RdSAP survey XML. */
export type SurveyFile = 'A' | 'B';

export interface FileUpload {
  state: UploadState;
  percent: number;
  /** The storage name the upload call gave; the follow-up checks the file under it. */
  filename: string;
  /** Set once the follow-up accepted the file: what the report is made from (xml1_key / xml2_key). */
  key: string;
  /** The server's message: what it found in the file, or why it refused it. */
  message: string;
  /** The file's name on the user's computer, shown and sent with the report. */
  originalName: string;
  /** Which attempt this is, so a late answer to an upload the user has since reset changes nothing. */
  attempt: string;
  /** File A: what the survey check found that the report settles its own way; shown beside the file, never blocking. */
  warnings?: { rule: string; message: string }[];
}

/**
 * A Premium report being bought: the card form for the report the server recorded as waiting, then
 * 'confirming' until the server says the payment was fulfilled, then done. By credit it is done at once.
 */
type WizardPurchase =
  { stage: 'card'; rid: number; cs: string; pk: string } | { stage: 'confirming'; rid: number } | { stage: 'done'; rid: number };

export interface WizardState {
  step: WizardStep;
  reportType: ReportType | null;
  files: Record<SurveyFile, FileUpload>;
  /** Council tax entries for file A's postcode; null until file A has been checked. */
  ctaxAddresses: CtaxAddress[] | null;
  /** The user said 'Property not listed' (or none was found): the band is picked by hand. */
  ctaxManual: boolean;
  chosenAddress: string;
  manualBand: CouncilTaxBand | null;
  /** The branding picked for a Premium report, which goes on to payment. */
  brandingId: string | null;
  purchase: WizardPurchase | null;
  /**
   * The user went to another page with the wizard open. Kept through a reload, so coming back
   * from elsewhere asks whether to continue, while reloading the wizard itself simply resumes.
   */
  left: boolean;
}

const noFile: FileUpload = { state: 'waiting', percent: 0, filename: '', key: '', message: '', originalName: '', attempt: '' };

export const initialWizardState: WizardState = {
  step: 'selectType',
  reportType: null,
  files: { A: noFile, B: noFile },
  ctaxAddresses: null,
  ctaxManual: false,
  chosenAddress: '',
  manualBand: null,
  brandingId: null,
  purchase: null,
  left: false,
};

type Attempt = { which: SurveyFile; attempt: string };

function confirm(state: WizardState, reportId: number) {
  const purchase = state.purchase;
  if (purchase && purchase.rid === reportId && purchase.stage !== 'done') state.purchase = { stage: 'done', rid: reportId };
}

/** Council tax depends on file A's postcode: a new file A starts that choice over. */
function forgetCouncilTax(state: WizardState) {
  state.ctaxAddresses = null;
  state.ctaxManual = false;
  state.chosenAddress = '';
  state.manualBand = null;
}

export const wizardSlice = createSlice({
  name: 'wizard',
  initialState: initialWizardState,
  reducers: {
    reportTypeChosen(state, action: PayloadAction<ReportType>) {
      state.reportType = action.payload;
    },
    stepChosen(state, action: PayloadAction<WizardStep>) {
      state.step = action.payload;
      // Going back from an unpaid card form leaves that checkout behind (the server sweeps it):
      // the files or branding may change, and the next purchase is made from them.
      if (state.purchase?.stage === 'card') state.purchase = null;
    },
    uploadStarted(state, { payload }: PayloadAction<Attempt & { originalName: string }>) {
      state.files[payload.which] = { ...noFile, state: 'progress', originalName: payload.originalName, attempt: payload.attempt };
      if (payload.which === 'A') forgetCouncilTax(state);
    },
    uploadSent(state, { payload }: PayloadAction<Attempt & { filename: string }>) {
      const file = state.files[payload.which];
      if (file.attempt === payload.attempt) file.filename = payload.filename;
    },
    uploadProgressed(state, { payload }: PayloadAction<Attempt & { percent: number }>) {
      const file = state.files[payload.which];
      if (file.attempt === payload.attempt && file.state === 'progress') file.percent = payload.percent;
    },
    uploadChecking(state, { payload }: PayloadAction<Attempt>) {
      const file = state.files[payload.which];
      if (file.attempt === payload.attempt) file.state = 'checking';
    },
    uploadSucceeded(
      state,
      { payload }: PayloadAction<Attempt & { message: string; addresses?: CtaxAddress[]; warnings?: FileUpload['warnings'] }>,
    ) {
      const file = state.files[payload.which];
      if (file.attempt !== payload.attempt) return;
      Object.assign(file, {
        state: 'success',
        percent: 100,
        key: file.filename,
        message: payload.message,
        warnings: payload.warnings ?? [],
      });
      if (payload.which === 'A') {
        state.ctaxAddresses = payload.addresses ?? [];
        state.ctaxManual = state.ctaxAddresses.length === 0;
      }
    },
    uploadFailed(state, { payload }: PayloadAction<Attempt & { message: string }>) {
      const file = state.files[payload.which];
      if (file.attempt === payload.attempt) Object.assign(file, { state: 'failure', key: '', message: payload.message });
    },
    uploadReset(state, { payload }: PayloadAction<SurveyFile>) {
      state.files[payload] = noFile;
      if (payload === 'A') forgetCouncilTax(state);
    },
    ctaxManualChosen(state, action: PayloadAction<boolean>) {
      state.ctaxManual = action.payload || (state.ctaxAddresses ?? []).length === 0;
    },
    /** An address from the list, or a band by hand: either way the next step is Branding. */
    councilTaxChosen(state, { payload }: PayloadAction<{ address: string } | { band: CouncilTaxBand }>) {
      state.chosenAddress = 'address' in payload ? payload.address : '';
      state.manualBand = 'band' in payload ? payload.band : null;
      state.step = 'branding';
    },
    brandingChosen(state, action: PayloadAction<string>) {
      state.brandingId = action.payload;
    },
    purchaseStarted(state, { payload }: PayloadAction<{ rid: number; cs?: string; pk?: string }>) {
      const { rid, cs, pk } = payload;
      state.purchase = cs && pk ? { stage: 'card', rid, cs, pk } : { stage: 'done', rid };
    },
    /** Stripe took the card; the server confirms the payment on its own (webhook), and says so by push. */
    cardPaid(state) {
      if (state.purchase?.stage === 'card') state.purchase = { stage: 'confirming', rid: state.purchase.rid };
    },
    /** The report is in the pending list: confirmed even if the push itself was missed (say, while offline). */
    purchaseConfirmed(state, action: PayloadAction<number>) {
      confirm(state, action.payload);
    },
    wizardEntered(state) {
      state.left = false;
    },
    wizardLeft(state) {
      state.left = true;
    },
    /** A report was created: the next one starts from the beginning. */
    wizardCleared: () => initialWizardState,
  },
  extraReducers: (builder) => {
    // The next user of this browser must not continue from someone else's files.
    builder.addCase(loggedOut, () => initialWizardState);
    builder.addCase(paymentCompleted, (state, action) => confirm(state, action.payload.report_id));
  },
});

export const {
  reportTypeChosen,
  stepChosen,
  uploadStarted,
  uploadSent,
  uploadProgressed,
  uploadChecking,
  uploadSucceeded,
  uploadFailed,
  uploadReset,
  ctaxManualChosen,
  councilTaxChosen,
  brandingChosen,
  purchaseStarted,
  cardPaid,
  purchaseConfirmed,
  wizardEntered,
  wizardLeft,
  wizardCleared,
} = wizardSlice.actions;

/**
 * What names the report in progress for someone coming back to it: the council tax address they
 * picked, else the checked survey file, whose message names the property. Null when no survey
 * file has been chosen yet: there is nothing to lose by simply going on.
 */
export function reportInProgress(state: WizardState): { address: string; file: string; found: string } | null {
  const a = state.files.A;
  if (!a.originalName) return null;
  return { address: state.chosenAddress, file: a.originalName, found: a.state === 'success' ? a.message : '' };
}

export const INTERRUPTED_UPLOAD = 'The upload was interrupted when the page reloaded. Press Reset and choose the file again.';

/**
 * What of the wizard is written to localStorage: never a card payment's client secret. An unpaid
 * card form is not kept at all (after a reload the purchase starts again and the old checkout is
 * swept by the server); one being confirmed, or done, is kept by its report id alone.
 */
export function storableWizard(state: WizardState): WizardState {
  return state.purchase?.stage === 'card' ? { ...state, purchase: null } : state;
}

/**
 * A stored wizard after a reload: an upload that was under way died with the page, so it is shown
 * as failed, with a Reset, rather than as a progress bar that never moves.
 */
export function settleInterruptedUploads(stored: WizardState): WizardState {
  if (!stored?.files?.A || !stored.files.B) return stored;
  const settle = (file: FileUpload): FileUpload =>
    file.state === 'progress' || file.state === 'checking' ? { ...file, state: 'failure', key: '', message: INTERRUPTED_UPLOAD } : file;
  return { ...stored, files: { A: settle(stored.files.A), B: settle(stored.files.B) } };
}
