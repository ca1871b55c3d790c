import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadMatchedRoutes, routes } from '#src/app/router.tsx';
import { renderRoutes } from '#tests/support/render.tsx';

const SOURCE = readFileSync('docs/api/alert-forwarding.md', 'utf8');

/** The headings of the Markdown file itself, so the test follows the documentation as it changes. */
function markdownHeadings(level: number): string[] {
  const prefix = `${'#'.repeat(level)} `;
  const fences = SOURCE.split(/^```/m)
    .filter((_, index) => index % 2 === 0)
    .join('\n');
  return fences
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.slice(prefix.length).replace(/`/g, '').trim());
}

describe('alert forwarding documentation page', () => {
  it('renders docs/api/alert-forwarding.md as a page of the portal, at its own address', async () => {
    // As main.tsx does: the page's module is here before the first render.
    await loadMatchedRoutes('/pages/docs/alert-forwarding');
    const { container } = renderRoutes(routes, '/pages/docs/alert-forwarding');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alert forwarding' })).toBeInTheDocument();
    const sections = markdownHeadings(2);
    expect(sections).toEqual(expect.arrayContaining(['Reading an alert', 'API', 'Keys over time']));
    for (const name of sections) expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    for (const name of markdownHeadings(3)) expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    // A section can be linked to.
    expect(screen.getByRole('heading', { level: 2, name: 'Reading an alert' })).toHaveAttribute(
      'id',
      'reading-an-alert',
    );

    // Drawn, not shown as source: no Markdown markers left, the commands in code blocks.
    expect(container.textContent).not.toMatch(/^#{1,3} /m);
    expect(container.textContent).not.toContain('**');
    expect(screen.getByText(/^openssl genpkey -algorithm RSA/).closest('pre')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'OAuth credentials' })).toHaveAttribute('href', '/pages/credentials');
  });
});
