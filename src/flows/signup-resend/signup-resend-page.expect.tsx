/**
 * What the verify-needed page must say, in English, written out by hand (signup-resend-page.test.tsx checks it).
 */
import { input } from '#machines/signup-resend/signup-resend.model-cases.ts';

/** What a reader must see, in English, written out by hand. */
export const NOT_REGISTERED = 'This email is not registered';
export const RESEND_FAILED = 'Error when resending the verification email, please try again later';
export const ADDRESS_TOO_LONG = 'Email: at most 254 characters';
export const RESEND_RATE_LIMITED = 'Too many attempts. Try again in 2 min 0 s.';
/** The email form's own rules. */
export const validationText: Record<string, string> = {
  MISSING_EMAIL: 'Please enter your email',
  EMAIL_INCORRECT_FORMAT: 'Email is in incorrect format',
};
/** After a check, by its failure's label: the email form's error (null: none), or the Retry view's words. */
export const checkText: Record<string, { asking: string | null } | { checkFailed: string }> = {
  'code 82 (not registered)': { asking: NOT_REGISTERED },
  MISSING_EMAIL: { asking: null },
  EMAIL_INCORRECT_FORMAT: { asking: 'Email is in incorrect format' },
  'address over its limit': { asking: ADDRESS_TOO_LONG },
  '429 (60 s)': { checkFailed: 'Too many attempts. Try again in 1 min 0 s.' },
  'network failure': { checkFailed: 'An error occured, please try again later' },
};
/** After a failed resend, by its failure's label: what the email form and the verify-needed view say. */
export const resendText: Record<string, { fromForm: string; fromView: string }> = {
  '429 (120 s)': { fromForm: RESEND_RATE_LIMITED, fromView: RESEND_RATE_LIMITED },
  'address over its limit': { fromForm: ADDRESS_TOO_LONG, fromView: ADDRESS_TOO_LONG },
  '500': { fromForm: RESEND_FAILED, fromView: RESEND_FAILED },
  'code 82': { fromForm: NOT_REGISTERED, fromView: RESEND_FAILED },
};
export const SENT_CLAIM = /we sent to/;
/** The email form's errors about the address, where focus goes (decision 0009); any other takes it to the message. */
export const ABOUT_EMAIL = new Set([NOT_REGISTERED, ADDRESS_TOO_LONG, ...Object.values(validationText)]);
export const PAGE = `/pages/signup/resend?email=${encodeURIComponent(input.email)}`;
