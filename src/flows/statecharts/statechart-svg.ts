/**
 * Finding a state's box in the SVG mermaid drew, so the box can link to the state's screenshot. The generator names
 * each box `s_<machine id>_<path>` (scripts/statecharts-mermaid.ts) and mermaid gives its group an id ending in
 * `state-<that name>-<n>` (its notes add `----note`, so they never match).
 */

/**
 * The name the diagram's text gives the state at `path` (`list.confirmDelete`), or null. Every name starts with the
 * machine's, so what is left once the path is taken off must be a start all the names share: `idle` is then not
 * `list.idle`.
 */
export function stateAlias(mermaid: string, path: string): string | null {
  const declared = [...mermaid.matchAll(/^\s*state "([^"]*)" as (s_\w+)$/gm)].map(([, label, alias]) => ({
    label,
    alias,
  }));
  const key = path.split('.').at(-1);
  const suffix = `_${path.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const found = declared.find(({ label, alias }) => {
    const machine = alias.slice(0, -suffix.length);
    return label === key && alias.endsWith(suffix) && declared.every((other) => other.alias.startsWith(machine));
  });
  return found?.alias ?? null;
}

/** The group mermaid drew for a state: a plain box, or the frame around a state with states inside. */
export function stateBox(svg: SVGSVGElement, alias: string): SVGGElement | null {
  const pattern = new RegExp(`(^|-)state-${alias}-\\d+$|(^|-)${alias}$`);
  for (const group of svg.querySelectorAll<SVGGElement>('g[id]')) if (pattern.test(group.id)) return group;
  return null;
}

/** The words a box shows (its name, tags, invokes, actions), in order, as a reader sees them. */
export function boxText(box: SVGGElement): string {
  return [...box.querySelectorAll('*')]
    .filter((element) => element.children.length === 0)
    .map((element) => element.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/**
 * Wraps the box in a link: the whole box is where a pointer opens the screenshot. The link is named by an SVG title
 * (also its tooltip) that starts with what the box shows, so a reader who says what they see (voice control) names
 * it (WCAG 2.5.3).
 */
export function linkBox(box: SVGGElement, href: string, label: string): void {
  const svg = 'http://www.w3.org/2000/svg';
  const link = box.ownerDocument.createElementNS(svg, 'a');
  const title = box.ownerDocument.createElementNS(svg, 'title');
  title.textContent = label;
  link.setAttribute('href', href);
  link.setAttribute('class', 'statechart-shot-link');
  link.append(title);
  box.replaceWith(link);
  link.append(box);
  // Drawn like a link: the frame of a box that opens a picture is the theme's link colour.
  for (const frame of box.querySelectorAll<SVGElement>('rect')) {
    frame.style.stroke = 'var(--mantine-color-anchor)';
    frame.style.strokeWidth = '2px';
  }
}
