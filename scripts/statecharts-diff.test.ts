import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './statecharts-diff.ts';

const names = { fromName: 'a.md (committed)', toName: 'a.md (fresh)' };
const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\nb\n', 'a\nb\n', names)).toBe('');
  });

  it('shows a changed line with three lines of context and where it is', () => {
    const before = lines(10);
    const after = [...before];
    after[4] = 'line five';
    expect(unifiedDiff(`${before.join('\n')}\n`, `${after.join('\n')}\n`, names)).toBe(
      [
        '--- a.md (committed)',
        '+++ a.md (fresh)',
        '@@ -2,7 +2,7 @@',
        ' line 2',
        ' line 3',
        ' line 4',
        '-line 5',
        '+line five',
        ' line 6',
        ' line 7',
        ' line 8',
        '',
      ].join('\n'),
    );
  });

  it('keeps distant changes in hunks of their own, and counts added and removed lines', () => {
    const before = lines(20);
    const after = ['line 0', ...before.slice(0, 15), ...before.slice(16)];
    const diff = unifiedDiff(before.join('\n'), after.join('\n'), names);
    expect(diff.split('\n').filter((line) => line.startsWith('@@'))).toEqual(['@@ -1,3 +1,4 @@', '@@ -13,7 +14,6 @@']);
    expect(diff).toContain('+line 0\n');
    expect(diff).toContain('-line 16\n');
  });

  it('diffs against an empty text', () => {
    expect(unifiedDiff('', 'new\n', names)).toContain('@@ -0,0 +1,1 @@\n+new\n');
  });
});
