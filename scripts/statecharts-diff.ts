/**
 * A line diff in the unified format (`--- a`, `+++ b`, `@@ -l,n +l,n @@`, a few lines of context), so that a stale
 * statechart says what changed instead of only that something did. The files are small (a few hundred lines), so
 * the longest common subsequence is found the plain quadratic way.
 */

type Op = { kind: ' ' | '-' | '+'; line: string };

function diffLines(before: string[], after: string[]): Op[] {
  const n = before.length;
  const m = after.length;
  // common[i][j]: length of the longest common subsequence of before[i..] and after[j..].
  const common = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      common[i][j] = before[i] === after[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      ops.push({ kind: ' ', line: before[i++] });
      j++;
    } else if (i < n && (j === m || common[i + 1][j] >= common[i][j + 1])) {
      // A line that goes is listed before the one that comes in its place, as diff -u does.
      ops.push({ kind: '-', line: before[i++] });
    } else {
      ops.push({ kind: '+', line: after[j++] });
    }
  }
  return ops;
}

/** The lines of a text, without the empty one after its final newline. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** '' when both texts are the same; otherwise the unified diff from `before` (fromName) to `after` (toName). */
export function unifiedDiff(
  before: string,
  after: string,
  { fromName, toName, context = 3 }: { fromName: string; toName: string; context?: number },
): string {
  const ops = diffLines(linesOf(before), linesOf(after));
  const changed = ops.flatMap((op, index) => (op.kind === ' ' ? [] : [index]));
  if (!changed.length) return '';
  // Changes closer than twice the context share one hunk, as in diff -u.
  const hunks: Array<[number, number]> = [];
  for (const index of changed) {
    const start = Math.max(0, index - context);
    const end = Math.min(ops.length, index + context + 1);
    const last = hunks.at(-1);
    if (last && start <= last[1]) last[1] = end;
    else hunks.push([start, end]);
  }
  const out = [`--- ${fromName}`, `+++ ${toName}`];
  for (const [start, end] of hunks) {
    // Line numbers where the hunk starts in each text: count what came before it.
    const before = ops.slice(0, start);
    const oldStart = before.filter((op) => op.kind !== '+').length;
    const newStart = before.filter((op) => op.kind !== '-').length;
    const body = ops.slice(start, end);
    const oldCount = body.filter((op) => op.kind !== '+').length;
    const newCount = body.filter((op) => op.kind !== '-').length;
    out.push(
      `@@ -${oldCount ? oldStart + 1 : oldStart},${oldCount} +${newCount ? newStart + 1 : newStart},${newCount} @@`,
    );
    for (const op of body) out.push(`${op.kind}${op.line}`);
  }
  return `${out.join('\n')}\n`;
}
