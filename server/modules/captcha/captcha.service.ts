import type { Db } from '#server/db/database.ts';
import type { CaptchaConfig, CaptchaProvider } from '#server/lifecycle-config.ts';
import { createAltchaChallenge, verifyAltcha } from './altcha.ts';
import { verifySiteverify } from './siteverify.ts';

export interface CaptchaCheck {
  token: string;
  remoteIp: string;
  now: number;
}

/** One verifier per provider; CAPTCHA_PROVIDER picks which one signup uses. */
export type CaptchaVerifier = (db: Db, config: CaptchaConfig, check: CaptchaCheck) => Promise<boolean>;

const VERIFIERS: Record<CaptchaProvider, CaptchaVerifier> = {
  altcha: (db, config, check) => verifyAltcha(db, config, check.token, check.now),
  recaptcha: (_db, config, check) => verifySiteverify(config, check.token, check.remoteIp),
  turnstile: (_db, config, check) => verifySiteverify(config, check.token, check.remoteIp),
};

export function verifyCaptcha(db: Db, config: CaptchaConfig, check: CaptchaCheck): Promise<boolean> {
  return VERIFIERS[config.provider](db, config, check);
}

/** A fresh proof-of-work challenge for the ALTCHA widget; null when another provider is configured. */
export async function captchaChallenge(config: CaptchaConfig, now: number) {
  return config.provider === 'altcha' ? createAltchaChallenge(config, now) : null;
}
