import { z } from 'zod';
import type { CaptchaConfig } from '#server/lifecycle-config.ts';
import { CAPTCHA_ACTION } from './altcha.ts';

const VERIFY_TIMEOUT_MS = 10_000;

// Both providers answer this shape; reCAPTCHA v3 adds score and action, Turnstile may add action.
const answerSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
});

/**
 * reCAPTCHA v3 and Turnstile: the provider checks the token (and refuses a second use of it); we check its verdict,
 * and for reCAPTCHA that the token was made for the signup action with a human-enough score. An unreachable provider
 * counts as "not verified": signing up without a check would defeat it.
 */
export async function verifySiteverify(
  config: Pick<CaptchaConfig, 'provider' | 'secret' | 'verifyUrl' | 'minScore'>,
  token: string,
  remoteIp: string,
): Promise<boolean> {
  if (!config.verifyUrl || !config.secret || token === '') return false;
  let answer: z.infer<typeof answerSchema>;
  try {
    const response = await fetch(config.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const parsed = answerSchema.safeParse(await response.json());
    if (!parsed.success) return false;
    answer = parsed.data;
  } catch {
    return false;
  }
  if (!answer.success) return false;
  if (config.provider !== 'recaptcha') return true;
  return answer.action === CAPTCHA_ACTION && (answer.score ?? 0) >= config.minScore;
}
