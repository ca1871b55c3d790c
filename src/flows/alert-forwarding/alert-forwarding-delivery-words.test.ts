import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type AlertDeliveryEntry, ATTEMPT_FAILURES, type AttemptFailure } from '#shared-domain/alert-delivery.ts';
import { LOCALES } from '#shared-domain/locales.ts';
import { activateLocale } from '#src/app/i18n.ts';
import { answerText } from './alert-forwarding-delivery-words.ts';

afterEach(() => activateLocale('en-us'));

const entry = (attempt: Partial<AlertDeliveryEntry['attempt_log'][number]>): AlertDeliveryEntry => ({
  id: 'd',
  alert_id: 'a',
  kind: 'alert',
  type: 'fall_detected',
  severity: 'high',
  occurred_at: 0,
  version: 4,
  status: 'pending',
  attempts: 1,
  created_at: 0,
  next_attempt_at: null,
  delivered_at: null,
  last_http_status: null,
  last_error: null,
  redelivery_of: null,
  attempt_log: [
    {
      attempt: 1,
      started_at: 0,
      outcome: 'retry',
      latency_ms: 3,
      http_status: null,
      error: null,
      failure: null,
      next_attempt_at: null,
      ...attempt,
    },
  ],
});

describe('the delivery log says why an attempt failed', () => {
  it('names an answer by its HTTP status, in every language', () => {
    expect(answerText(i18n, entry({ http_status: 503, error: 'HTTP 503: busy' }))).toBe('HTTP 503');
  });

  it('says why in words, then the technical detail as logged', () => {
    expect(answerText(i18n, entry({ failure: 'timeout', error: 'no answer within 10000 ms' }))).toBe(
      'No answer in time (no answer within 10000 ms)',
    );
    expect(answerText(i18n, entry({ failure: 'v3_stopped', error: null }))).toBe(
      'Not sent: version 3 alerts were stopped',
    );
  });

  it('shows the detail alone for an attempt logged before failures had codes', () => {
    expect(answerText(i18n, entry({ error: 'connect ECONNREFUSED 127.0.0.1:9' }))).toBe(
      'connect ECONNREFUSED 127.0.0.1:9',
    );
  });

  it.each(LOCALES.filter((l) => l !== 'en-us'))('words every failure in %s, not in English', async (locale) => {
    const english = new Map<AttemptFailure, string>(
      ATTEMPT_FAILURES.map((failure) => [failure, answerText(i18n, entry({ failure }))]),
    );
    await activateLocale(locale);
    const words = ATTEMPT_FAILURES.map((failure) => answerText(i18n, entry({ failure })));
    expect(new Set(words).size).toBe(ATTEMPT_FAILURES.length);
    for (const [index, failure] of ATTEMPT_FAILURES.entries()) expect(words[index]).not.toBe(english.get(failure));
  });
});
