import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, waitFor } from '#tests/support/render.tsx';
import { AlertForwardingDocs } from './alert-forwarding-docs.tsx';

// The page's downloads are the very files the server tests run on real deliveries (tests/server/alert-receiver-kit).

const blobs: Blob[] = [];
beforeEach(() => {
  blobs.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
});

async function downloaded(name: string) {
  const link = screen.getByRole('link', { name });
  await waitFor(() => expect(link).toHaveAttribute('href'));
  return { link, text: await blobs[Number(link.getAttribute('href')!.split('/').pop()) - 1].text() };
}

describe('alert forwarding downloads', () => {
  it('offers the Node example and the OpenSSL shell version, each as its file', async () => {
    renderRoutes([{ path: '/', element: <AlertForwardingDocs /> }], '/');
    const node = await downloaded('Download the decryption example');
    expect(node.link).toHaveAttribute('download', 'alert-forwarding-decrypt.mjs');
    expect(node.text).toBe(readFileSync('docs/api/alert-forwarding-decrypt.mjs', 'utf8'));
    const shell = await downloaded('Download the OpenSSL shell version');
    expect(shell.link).toHaveAttribute('download', 'alert-forwarding-decrypt.sh');
    expect(shell.text).toBe(readFileSync('docs/api/alert-forwarding-decrypt.sh', 'utf8'));
  });
});
