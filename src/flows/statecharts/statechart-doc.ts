/** One generated docs/statecharts/<slug>.md, split into what the gallery shows. */
export interface StatechartDoc {
  slug: string;
  title: string;
  description: string;
  mermaid: string;
}

const MERMAID_BLOCK = /```mermaid\n([\s\S]*?)```/;

/** Null for markdown without a diagram (the folder's README). */
export function parseStatechartDoc(path: string, markdown: string): StatechartDoc | null {
  const block = MERMAID_BLOCK.exec(markdown);
  if (!block) return null;
  const slug = path.replace(/^.*\//, '').replace(/\.md$/, '');
  const head = markdown.slice(0, block.index).replace(/<!--[\s\S]*?-->/g, '');
  const title = /^# (.+)$/m.exec(head)?.[1].trim() ?? slug;
  const description = head.replace(/^# .+$/m, '').trim();
  return { slug, title, description, mermaid: block[1] };
}
