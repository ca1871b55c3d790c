import type { ServerTexts } from './types.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const enUs: ServerTexts = {
  messages: {
    signupSent: (email) =>
      `We have sent a confirmation email to ${email}. Open the link in it to activate your account.`,
    invitedSignupDone: 'Your account has been created. You can now sign in.',
    verificationResent: (email) =>
      `We have sent a new confirmation email to ${email}. Open the link in it to activate your account.`,
    recoverSent: (email) => `We have sent an email with a link to reset your password to ${email}.`,
    passwordChanged: 'Your password has been changed. You can now sign in with your new password.',
  },
  errors: {
    invalidToken: 'The link is invalid or has expired.',
    captchaInvalid: 'The human verification failed. Please try again.',
    emailAlreadyRegistered: 'This email is already registered.',
    alreadyVerified: 'This account is already verified.',
    emailNotRegistered: 'Email is not registered.',
    accountNotVerified: 'The account needs to be verified.',
    notOwner: 'Only the account owner can access this page',
    validation: {
      MISSING_EMAIL: 'Please fill in your email.',
      EMAIL_INCORRECT_FORMAT: 'Email is in incorrect format',
      MISSING_PASSWORD: 'Please fill in a password.',
      PASSWORD_NOT_ENOUGH_LENGTH: 'The password must be 10 to 32 characters long.',
      PASSWORD_NO_DIGIT: 'The password must contain at least one number.',
      PASSWORD_NO_UPPERCASE: 'The password must contain at least one uppercase letter.',
      PASSWORD_NO_LOWERCASE: 'The password must contain at least one lowercase letter.',
      MISSING_NAME: 'Please fill in your name.',
      MISSING_ACCEPT_TERM_AND_CONDITIONS: 'Please accept the terms and conditions.',
    },
  },
  mail: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    linkFallback: 'If the button does not work, copy this address into your browser:',
    verification: {
      subject: (product) => `Confirm your email for ${product}`,
      intro: (product) =>
        `Thank you for signing up for ${product}. Please confirm your email address to activate your account.`,
      action: 'Activate account',
      validity: (hours) => `The link is valid for ${plural(hours, 'hour', 'hours')}.`,
      ignore: 'If you did not sign up, you can ignore this email.',
    },
    reset: {
      subject: (product) => `Reset your ${product} password`,
      intro: () =>
        'We received a request to reset the password of your account. Choose a new password with the link below.',
      action: 'Reset password',
      validity: (minutes) => `The link is valid for ${plural(minutes, 'minute', 'minutes')} and works once.`,
      ignore: 'If you did not ask to reset your password, you can ignore this email: your password stays the same.',
    },
    invitation: {
      subject: (inviter, product) => `${inviter} invited you to ${product}`,
      intro: (inviter, product) =>
        `${inviter} has invited you to join their account on ${product}. Create your account with the link below.`,
      action: 'Accept invitation',
      validity: (days) => `The invitation is valid for ${plural(days, 'day', 'days')}.`,
      ignore: 'If you do not know the sender, you can ignore this email.',
    },
  },
};
