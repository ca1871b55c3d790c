import type { WebhookResult } from './webhook-sender.ts';

/**
 * When a delivery is tried again, and when it is given up (docs/api/alert-forwarding.md, "Delivery and retries").
 * Pure, so the whole schedule can be checked with a made-up clock.
 */
export const RETRY = {
  /** The first retry waits about this long; each further one twice as long, up to `maxDelayMs`. */
  baseDelayMs: 10_000,
  maxDelayMs: 3_600_000,
  /** Retries go on at least this long after the delivery was queued: a webhook down for a day loses nothing. */
  horizonMs: 24 * 3_600_000,
  /** Answers retrying cannot fix (a 4xx other than 408 and 429, a redirect, a refused address) end it after this many. */
  maxRefusals: 3,
  /** A Retry-After is honoured up to this long; a longer one is read as this. */
  maxRetryAfterMs: 6 * 3_600_000,
} as const;

export type AttemptVerdict = 'delivered' | 'retryable' | 'refused';

/** 2xx delivers; 408, 429, 5xx, timeouts and network failures may pass later; anything else will not. */
export function verdictOf(result: WebhookResult): AttemptVerdict {
  if (!result.answered) {
    return result.failure === 'refused_address' || result.failure === 'bad_url' ? 'refused' : 'retryable';
  }
  const { status } = result;
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 408 || status === 429 || status >= 500) return 'retryable';
  return 'refused';
}

/**
 * Exponential backoff with "equal jitter": half the delay fixed, half random, so instances retrying after one outage
 * spread out instead of arriving together, and no retry comes sooner than half its step.
 */
export function backoffMs(attempt: number, random: () => number): number {
  const step = Math.min(RETRY.baseDelayMs * 2 ** Math.max(0, attempt - 1), RETRY.maxDelayMs);
  return Math.round(step / 2 + (random() * step) / 2);
}

export interface Progress {
  /** The attempt that just ended, 1 for the first. */
  attempt: number;
  /** Refusals before this attempt. */
  refusals: number;
  giveUpAt: number;
  now: number;
}

export type NextStep =
  | { outcome: 'delivered'; refusals: number }
  | { outcome: 'retry'; nextAttemptAt: number; refusals: number }
  | { outcome: 'failed'; refusals: number };

export function nextStep(result: WebhookResult, progress: Progress, random: () => number): NextStep {
  const verdict = verdictOf(result);
  const refusals = progress.refusals + (verdict === 'refused' ? 1 : 0);
  if (verdict === 'delivered') return { outcome: 'delivered', refusals };
  if (refusals >= RETRY.maxRefusals || progress.now >= progress.giveUpAt) return { outcome: 'failed', refusals };
  const backoff = backoffMs(progress.attempt, random);
  // Retry-After says "not before": never sooner than it asks, nor sooner than the backoff (a receiver answering
  // Retry-After: 0 to every call would otherwise be called once a second for a day).
  const asked =
    result.answered && result.retryAfterMs !== null ? Math.min(result.retryAfterMs, RETRY.maxRetryAfterMs) : 0;
  return { outcome: 'retry', nextAttemptAt: progress.now + Math.max(backoff, asked), refusals };
}
