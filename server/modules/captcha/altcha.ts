import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import type { CaptchaConfig } from '#server/lifecycle-config.ts';
import { altchaParameters } from '#shared-domain/contracts/site.contract.ts';
import { purgeExpiredChallenges, rememberUsedChallenge } from './captcha.repository.ts';

// Plain SHA-256, one round per counter value: the widget solves it with WebCrypto in workers, and the work is set by
// the counter alone (ALTCHA_MAX_NUMBER, on average half of it), which keeps "about a second in a browser" tunable.
const ALGORITHM = 'SHA-256';
export const CAPTCHA_ACTION = 'signup';
const PURGE_INTERVAL_MS = 10 * 60_000;

type AltchaConfig = Pick<CaptchaConfig, 'altchaHmacKey' | 'altchaMaxNumber' | 'altchaExpirySeconds'>;

// The counter is chosen by the server and the derived key signed with a second secret, so checking a solution is one
// HMAC rather than a re-derivation. Both secrets come from the one configured key.
function keySignatureSecret(hmacKey: string): string {
  return createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex');
}

export function createAltchaChallenge(config: AltchaConfig, now: number): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(config.altchaMaxNumber),
    deriveKey,
    expiresAt: Math.floor(now / 1000) + config.altchaExpirySeconds,
    data: { action: CAPTCHA_ACTION },
    hmacSignatureSecret: config.altchaHmacKey,
    hmacKeySignatureSecret: keySignatureSecret(config.altchaHmacKey),
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: altchaParameters.loose(),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

/** The widget's payload is base64 JSON of `{challenge, solution}`; anything else is simply not a solution. */
function parsePayload(token: string): z.infer<typeof payloadSchema> | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

let nextPurgeAt = 0;

/**
 * Signature, expiry and solution, then replay: a challenge counts once, on every instance, until it would have
 * expired anyway (after which its signature check refuses it by itself, so the row can go).
 */
export async function verifyAltcha(db: Db, config: AltchaConfig, token: string, now: number): Promise<boolean> {
  const payload = parsePayload(token);
  if (!payload) return false;
  const { parameters } = payload.challenge;
  if (parameters.expiresAt === undefined || parameters.data?.action !== CAPTCHA_ACTION) return false;
  let verified: boolean;
  try {
    const result = await verifySolution({
      challenge: payload.challenge as Challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: config.altchaHmacKey,
      hmacKeySignatureSecret: keySignatureSecret(config.altchaHmacKey),
    });
    verified = result.verified;
  } catch {
    return false; // malformed hex or parameters in an otherwise well-shaped payload
  }
  // The library compares expiry with its own clock; checking ours as well keeps tests and the replay window exact.
  if (!verified || parameters.expiresAt * 1000 <= now) return false;
  if (now >= nextPurgeAt) {
    nextPurgeAt = now + PURGE_INTERVAL_MS;
    await purgeExpiredChallenges(db, now);
  }
  return rememberUsedChallenge(db, payload.challenge.signature, parameters.expiresAt * 1000);
}
