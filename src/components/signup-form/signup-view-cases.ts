import type { SignupField } from '#machines/signup/signup.machine.ts';

/**
 * What a reader of either signup page (direct or invited) must see, in English, written out by hand: both page tests
 * drive the same form, so they check it against one table.
 */
export const failureText: Record<string, string> = {
  '409 with a message': 'This email is already registered',
  '400 MISSING_NAME': 'Please enter your name',
  '429 (120 s)': 'Too many attempts. Try again in 2 min 0 s.',
  '400 name over its limit': 'Name: at most 100 characters',
  '500': 'An error occured, please try again later',
  'network failure': 'An error occured, please try again later',
};

/**
 * The field each failure of the form is about, where focus goes (decision 0009), by the failure's label or the words
 * of the form's own check; any other failure takes focus to its message.
 */
export const failureField: Record<string, SignupField> = {
  '400 MISSING_NAME': 'friendlyName',
  '400 name over its limit': 'friendlyName',
  'Please enter your email': 'email',
  'Please enter your password': 'password',
  'Please enter your name': 'friendlyName',
};

/** What the page says after a failed resend of the verification mail, by the failure's label. */
export const resendFailureText: Record<string, string> = {
  '429 (120 s)': 'Too many attempts. Try again in 2 min 0 s.',
  '500': 'Error when resending the verification email, please try again later',
};

/** What the invited page's Retry view says when the link could not be checked, by the failure's label. */
export const checkFailedText: Record<string, string> = {
  '429 (30 s)': 'Too many attempts. Try again in 0 min 30 s.',
  'network failure': 'An error occured, please try again later',
  '503': 'An error occured, please try again later',
};

export const fieldLabels: Record<SignupField, string> = { email: 'Email', friendlyName: 'Name', password: 'Password' };
