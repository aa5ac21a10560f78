import { EMAIL_TEMPLATE_MAX } from '../../../shared/constants';

/** A rule's message and what to do about it, as the 'Please check settings' dialog shows them. */
export interface CheckMessage {
  message: string;
  hint?: string;
}

export const BLANK_COMPANY_NAME: CheckMessage = {
  message: 'You must specify a company name, you can use your own name if you are not a registered company.',
  hint: 'Please add a company name and then resave.',
};

export const NEW_LOGO_NOT_READY: CheckMessage = {
  message: 'You asked to use a new logo but did not provide a new logo file or it is still uploading.',
  hint: 'Please provide the logo file or wait for it to finish uploading.',
};

export const UNKNOWN_LOGO_TYPE: CheckMessage = {
  message: 'Unknown image file type, please try .jpg .png .svg .bmp or .gif',
};

export const TEMPLATE_TOO_LONG: CheckMessage = {
  message: `Email template must be ${EMAIL_TEMPLATE_MAX} characters long or shorter.`,
  hint: 'Please provide a shorter version.',
};

/** Beside the template while it lacks the placeholder: without it the owner's email has no way to the report. */
export const NO_LINK_WARNING = 'Your email has no (LINK): the owner will not get the report link.';
