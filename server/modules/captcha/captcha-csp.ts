import type { CaptchaProvider } from '#server/lifecycle-config.ts';

/**
 * What the signup page must be allowed to load for the configured captcha. ALTCHA is served from our own bundle and
 * solves in blob: workers, which the base policy allows; the hosted providers bring a script and an iframe.
 */
export function captchaCspSources(provider: CaptchaProvider): { script: string[]; frame: string[] } {
  switch (provider) {
    case 'recaptcha':
      return {
        script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
      };
    case 'turnstile':
      return { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'] };
    default:
      return { script: [], frame: [] };
  }
}
