/** One generated docs/statecharts/<slug>.md (scripts/statecharts-docs.ts), split into what the gallery shows. */
export interface StatechartDoc {
  slug: string;
  title: string;
  /** The flow's one line: its machine's description. */
  description: string;
  mermaid: string;
  /** The Messages legend: each failure code, when it shows (may be empty), and the English words the page shows. */
  legend: Array<{ code: string; when: string; message: string }>;
  /** The states the screenshot gallery photographs: a state's path below the machine, and the shots' names. */
  screens: Array<{ state: string; shots: string[] }>;
}

const MERMAID_BLOCK = /```mermaid\n([\s\S]*?)```/;

/** The cells of a Markdown table row (`| a | b |`), `\|` kept as a character, code ticks removed. */
function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) =>
      cell
        .trim()
        .replace(/\\\|/g, '|')
        .replace(/^`(.*)`$/, '$1'),
    );
}

/** The body rows of the first table under `## heading`, or none when the file has no such section. */
function tableUnder(markdown: string, heading: string): string[][] {
  const start = markdown.search(new RegExp(`^## ${heading}$`, 'm'));
  if (start < 0) return [];
  const rest = markdown.slice(start).split('\n').slice(1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  const rows = (end < 0 ? rest : rest.slice(0, end)).filter((line) => line.startsWith('|'));
  // The header and the `| --- |` line under it.
  return rows.slice(2).map(cells);
}

/** Null for markdown without a diagram (the folder's README). */
export function parseStatechartDoc(path: string, markdown: string): StatechartDoc | null {
  const block = MERMAID_BLOCK.exec(markdown);
  if (!block) return null;
  const slug = path.replace(/^.*\//, '').replace(/\.md$/, '');
  const head = markdown.slice(0, block.index).replace(/<!--[\s\S]*?-->/g, '');
  const title = /^# (.+)$/m.exec(head)?.[1].trim() ?? slug;
  const description = head.replace(/^# .+$/m, '').trim();
  const after = markdown.slice(block.index + block[0].length);
  return {
    slug,
    title,
    description,
    mermaid: block[1],
    legend: tableUnder(after, 'Messages').map(([code = '', when = '', message = '']) => ({ code, when, message })),
    screens: tableUnder(after, 'Screenshots').map(([state = '', shots = '']) => ({
      state,
      shots: shots
        .split(',')
        .map((shot) => shot.trim())
        .filter(Boolean),
    })),
  };
}
