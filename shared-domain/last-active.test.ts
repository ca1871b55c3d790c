import { describe, expect, it } from 'vitest';
import { lastActive } from './last-active.ts';

const NOW = Date.UTC(2026, 10, 22, 12);
const minutes = (n: number) => n * 60_000;
const hours = (n: number) => n * 3_600_000;
const ago = (ms: number) => NOW - ms;

describe('lastActive (spec §9)', () => {
  it.each([
    ['just now', 0],
    ['59 minutes ago', minutes(59)],
    ['a little in the future (clock skew)', -minutes(2)],
  ])('%s is under an hour', (_label, elapsed) => {
    expect(lastActive(ago(elapsed), NOW)).toEqual({ unit: 'underHour' });
  });

  it.each([
    ['exactly an hour ago: the window just closed', hours(1), 1],
    ['the window closed within the last hour', hours(1) + minutes(59), 1],
    ['the window closed an hour ago to the millisecond', hours(2), 1],
    ['one millisecond later rounds up', hours(2) + 1, 2],
    ['five and a half hours ago', hours(5.5), 5],
    ['the last whole hour under 48 since the window closed', hours(48) + minutes(59), 48],
  ])('%s → %i hour(s)', (_label, elapsed, count) => {
    expect(lastActive(ago(elapsed), NOW)).toEqual({ unit: 'hours', count });
  });

  it.each([
    ['48 hours after the window closed', hours(49), 2],
    ['three days', hours(24 * 3 + 1), 3],
    ['a month', hours(24 * 30 + 5), 30],
  ])('%s → %i days', (_label, elapsed, count) => {
    expect(lastActive(ago(elapsed), NOW)).toEqual({ unit: 'days', count });
  });
});
