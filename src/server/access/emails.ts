import { PRODUCT_NAME } from '../../shared/constants';
import { isEmail } from '../../shared/rules/signup';
import type { OutgoingEmail } from '../platform/email/mailer';

type Recipient = { email: string; name: string };

/** The email with the /confirm/{code} link, as sign-up sends it and a resend sends it again. */
export function confirmationMail(publicUrl: string, to: Recipient, code: string): OutgoingEmail {
  const link = `${publicUrl}/confirm/${code}`;
  return {
    to: to.email,
    subject: `Confirm your email address for ${PRODUCT_NAME}`,
    text: `Hello ${to.name},\n\nThank you for registering with ${PRODUCT_NAME}. Please confirm that this is your email address by opening this link:\n\n${link}\n\nIf you did not register, you can ignore this email.\n`,
  };
}

/** What a sign-up with an address that has an account sends to that address, in place of a confirmation link. */
export function alreadyRegisteredMail(publicUrl: string, to: Recipient): OutgoingEmail {
  return {
    to: to.email,
    subject: `You already have a ${PRODUCT_NAME} account`,
    text:
      `Hello ${to.name},\n\nSomeone (perhaps you) tried to register with ${PRODUCT_NAME} using this email address, ` +
      `but you already have an account with it, so no new account was created.\n\n` +
      `To log in: ${publicUrl}/\n\nIf you have forgotten your password, you can choose a new one here: ${publicUrl}/forgotpassword\n\n` +
      `If it was not you, you can ignore this email: your account has not changed.\n`,
  };
}

/** The password reset link; it carries the address because a reset finds the account by address and code. */
export function passwordResetMail(publicUrl: string, to: Recipient, code: string): OutgoingEmail {
  const link = `${publicUrl}/resetpassword/${encodeURIComponent(to.email)}/${code}`;
  return {
    to: to.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Hello ${to.name},\n\nSomeone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link within the next hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
  };
}

/** A contact form message, to the team; answering it goes to the sender when they left an email address. */
export function contactFormMail(teamEmail: string, message: { subject: string; contactMethod: string; message: string }): OutgoingEmail {
  return {
    to: teamEmail,
    subject: `Contact form: ${message.subject}`,
    text: `Contact: ${message.contactMethod}\n\n${message.message}`,
    replyTo: isEmail(message.contactMethod) ? message.contactMethod : undefined,
  };
}
