import { useEffect, useState } from 'react';
import { Anchor, Group } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import documentation from '../../../docs/api/alert-forwarding.md?raw';
import decryptionExample from '../../../docs/api/alert-forwarding-decrypt.mjs?raw';

export const DECRYPTION_EXAMPLE_FILE = 'alert-forwarding-decrypt.mjs';

/**
 * The documentation and the decryption example come with this page's own chunk, from the files the server's tests
 * run, so they always describe the server this build talks to and need no external site.
 */
function useObjectUrl(text: string, type: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const created = URL.createObjectURL(new Blob([text], { type }));
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [text, type]);
  return url;
}

export function AlertForwardingDocs() {
  // text/plain so that the browser shows the Markdown instead of downloading it.
  const docsUrl = useObjectUrl(documentation, 'text/plain;charset=utf-8');
  const exampleUrl = useObjectUrl(decryptionExample, 'text/javascript;charset=utf-8');
  return (
    <Group gap="lg">
      <Anchor href={docsUrl} target="_blank" rel="noopener noreferrer" size="sm">
        <Trans>Alert forwarding documentation</Trans>
      </Anchor>
      <Anchor href={exampleUrl} download={DECRYPTION_EXAMPLE_FILE} size="sm">
        <Trans>Download the decryption example</Trans>
      </Anchor>
    </Group>
  );
}
