import type { Locale } from '#shared-domain/locales.ts';
import { pagePaths } from '#shared-domain/page-paths.ts';

// The SPA routes that open each kind of link (product.md §2). Every parameter is URL-encoded: emails may hold `+`
// and `&`.

function pageLink(publicUrl: string, path: string, params: Record<string, string>): string {
  return `${publicUrl}${path}?${new URLSearchParams(params).toString()}`;
}

export function verificationLink(publicUrl: string, token: string, email: string, language: Locale): string {
  return pageLink(publicUrl, pagePaths.signupVerify, { verification_token: token, email, language });
}

/** In the mail's language, like the activation link: the page then speaks it whichever browser opens the mail. */
export function resetLink(publicUrl: string, token: string, email: string, language: Locale): string {
  return pageLink(publicUrl, pagePaths.passwordReset, { reset_token: token, email, language });
}

export function invitationLink(publicUrl: string, token: string, email: string): string {
  return pageLink(publicUrl, pagePaths.signupInvited, { invitation_token: token, email });
}
