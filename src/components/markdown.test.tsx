import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '#tests/support/render.tsx';
import { headingId, Markdown } from './markdown.tsx';

function renderMarkdown(source: string) {
  return renderRoutes([{ path: '/', element: <Markdown source={source} /> }], '/');
}

describe('Markdown', () => {
  it('draws headings, lists, code and emphasis as elements', async () => {
    renderMarkdown(
      [
        '# Title',
        '',
        'Some **bold**, *em* and `code &amp; more` &amp; an entity.',
        '',
        '1. **First**: step',
        '',
        '   ```sh',
        '   openssl genpkey -algorithm RSA',
        '   ```',
        '2. Second',
        '',
        '- a',
        '- b',
        '',
        '| k | v |',
        '|---|---|',
        '| x | y |',
      ].join('\n'),
    );
    const title = await screen.findByRole('heading', { level: 1, name: 'Title' });
    expect(title).toHaveAttribute('id', 'title');
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('em').tagName).toBe('EM');
    // Inside code the text is literal; in prose a character reference is the character.
    expect(screen.getByText('code &amp; more').tagName).toBe('CODE');
    expect(screen.getByText(/an entity/).textContent).toContain('& an entity.');
    const lists = screen.getAllByRole('list');
    expect(lists[0]!.tagName).toBe('OL');
    expect(screen.getByText('openssl genpkey -algorithm RSA').closest('pre')).not.toBeNull();
    expect(screen.getByRole('table')).toHaveTextContent('kvxy');
  });

  it('never interprets HTML, and links only to web, mail or in-page addresses', async () => {
    const { container } = renderMarkdown(
      [
        '<script>window.pwned = true</script>',
        '',
        'Inline <img src=x onerror="window.pwned = true"> and <b>bold</b>.',
        '',
        '[web](https://example.com/a) [section](#keys) [script](javascript:alert(1)) [repo](docs/decisions/0005.md) ![logo](https://tracker.example/p.png)',
      ].join('\n'),
    );
    await screen.findByRole('link', { name: 'web' });
    expect(container.querySelector('script, img, b')).toBeNull();
    expect(container.textContent).toContain('<script>window.pwned = true</script>');
    expect(container.textContent).toContain('<b>bold</b>');
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
    expect(screen.getByRole('link', { name: 'web' })).toHaveAttribute('href', 'https://example.com/a');
    expect(screen.getByRole('link', { name: 'web' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'section' })).toHaveAttribute('href', '#keys');
    expect(screen.queryByRole('link', { name: 'script' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'repo' })).toBeNull();
    expect(container.textContent).toContain('script repo logo');
  });

  it.each([
    ['Reading an alert', 'reading-an-alert'],
    ['`GET /api/alert_forwarding_config/{client_uid}`', 'get-api-alert-forwarding-config-client-uid'],
    ['Keys over time', 'keys-over-time'],
  ])('gives the heading %s the id %s', (text, id) => expect(headingId(text)).toBe(id));
});
