import { fromPromise } from 'xstate';
import type { ResendVerificationInput } from '#machines/shared/resend-verification.ts';
import type { Locale } from '#shared-domain/locales.ts';
import { getResendVerification } from '../api/account.ts';
import { activeLocale } from './active-locale.ts';

/**
 * The `resendVerification` actor of machines/shared/resend-verification.ts. The mail is written in the language the
 * page is read in, unless the page knows the account's own (the activation link names it).
 */
export function resendVerificationIn(language: () => Locale = activeLocale) {
  return fromPromise<void, ResendVerificationInput>(async ({ input }) => {
    await getResendVerification(input.email.trim(), language());
  });
}
