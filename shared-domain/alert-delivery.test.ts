import { describe, expect, it } from 'vitest';
import {
  ALERT_INGEST_SCOPE,
  ALERT_SEVERITIES,
  ALERT_TYPES,
  CLOCK_SKEW_SECONDS,
  isSnapshotUrl,
  OCCURRED_AT_MAX_AHEAD_MS,
  REPLAY_WINDOW_SECONDS,
  SNAPSHOT_URL_MAX_LENGTH,
} from './alert-delivery.ts';

const snapshot = (length: number) =>
  `https://cdn.example.com/${'s'.repeat(length - 'https://cdn.example.com/'.length)}`;

describe('isSnapshotUrl: an https address without credentials, at most 2048 characters', () => {
  it.each([
    [snapshot(40), true],
    [snapshot(2048), true],
    [snapshot(2049), false],
    ['http://cdn.example.com/s.jpg', false],
    ['https://ann@cdn.example.com/s.jpg', false],
    ['https://:secret@cdn.example.com/s.jpg', false],
    ['https://cdn.example.com/a b.jpg', false],
    ['https://cdn.example.com/s.jpg\u0000', false],
    ['cdn.example.com/s.jpg', false],
    ['', false],
  ])('%j: %s', (url, valid) => expect(isSnapshotUrl(url)).toBe(valid));

  it('holds the limit the receiver documentation names', () => expect(SNAPSHOT_URL_MAX_LENGTH).toBe(2048));
});

describe('the alert vocabulary of docs/api/alert-forwarding.md', () => {
  it('names the types, severities, replay window and scope the receiver is told of', () => {
    expect(ALERT_TYPES).toEqual(['fall_detected', 'inactivity_detected', 'camera_offline', 'camera_online']);
    expect(ALERT_SEVERITIES).toEqual(['low', 'medium', 'high', 'critical']);
    expect({ REPLAY_WINDOW_SECONDS, CLOCK_SKEW_SECONDS, ALERT_INGEST_SCOPE }).toEqual({
      REPLAY_WINDOW_SECONDS: 300,
      CLOCK_SKEW_SECONDS: 60,
      ALERT_INGEST_SCOPE: 'internal:write',
    });
  });
});

describe('an alert stamped ahead of the clock', () => {
  it('is taken up to five minutes ahead (a clock a little fast); the alerts contract refuses it beyond', () => {
    expect(OCCURRED_AT_MAX_AHEAD_MS).toBe(5 * 60 * 1000);
  });
});
