import type { SignupValidationCode } from '#shared-domain/account.ts';

/**
 * Every text the server itself sends to people: messages the SPA shows as they come (product.md §8 "Signup server
 * messages are shown as-is") and mail. One table per locale; TypeScript makes each table complete. Parameters arrive
 * already escaped when the result goes into HTML, so the functions only place them.
 */
export interface ServerTexts {
  messages: {
    signupSent: (email: string) => string;
    invitedSignupDone: string;
    verificationResent: (email: string) => string;
    recoverSent: (email: string) => string;
    passwordChanged: string;
  };
  errors: {
    invalidToken: string;
    captchaInvalid: string;
    emailAlreadyRegistered: string;
    alreadyVerified: string;
    emailNotRegistered: string;
    accountNotVerified: string;
    notOwner: string;
    validation: Record<SignupValidationCode, string>;
  };
  mail: {
    greeting: (name: string | null) => string;
    linkFallback: string;
    verification: MailTexts<[product: string], [hours: number]>;
    reset: MailTexts<[product: string], [minutes: number]>;
    invitation: MailTexts<[inviter: string, product: string], [days: number]>;
  };
}

export interface MailTexts<Names extends string[], Validity extends number[]> {
  subject: (...names: Names) => string;
  intro: (...names: Names) => string;
  action: string;
  validity: (...amount: Validity) => string;
  ignore: string;
}
