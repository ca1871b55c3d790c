import { describe, expect, it } from 'vitest';
import { lastActive } from './last-active.ts';

const NOW = Date.UTC(2026, 10, 22, 12);
const seconds = (n: number) => n * 1_000;
const minutes = (n: number) => n * 60_000;
const hours = (n: number) => n * 3_600_000;
const days = (n: number) => n * 86_400_000;
const ago = (ms: number) => NOW - ms;

describe('lastActive', () => {
  it.each([
    ['just now', 0],
    ['59 min 59 s ago', minutes(59) + seconds(59)],
    ['a little in the future (clock skew)', -minutes(2)],
  ])('%s is under an hour', (_label, elapsed) => {
    expect(lastActive(ago(elapsed), NOW)).toEqual({ unit: 'underHour' });
  });

  it.each([
    ['exactly 60 min ago', 1, minutes(60)],
    ['60 min 1 s ago rounds up', 2, minutes(60) + seconds(1)],
    ['119 min ago', 2, minutes(119)],
    ['five and a half hours ago', 6, hours(5.5)],
    ['47 h 59 min ago', 48, hours(47) + minutes(59)],
  ])('%s → %i hour(s)', (_label, count, elapsed) => {
    expect(lastActive(ago(elapsed), NOW)).toEqual({ unit: 'hours', count });
  });

  it.each([
    ['exactly 48 hours ago', 2, hours(48)],
    ['72.5 hours ago', 3, hours(72.5)],
    ['10 days ago', 10, days(10)],
    ['10 days and 23 hours ago', 10, days(10) + hours(23)],
  ])('%s → %i days', (_label, count, elapsed) => {
    expect(lastActive(ago(elapsed), NOW)).toEqual({ unit: 'days', count });
  });
});
