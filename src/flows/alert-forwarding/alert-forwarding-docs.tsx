import { Trans } from '@lingui/react/macro';
import { Anchor, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import decryptionExample from '#docs/api/alert-forwarding-decrypt.mjs?raw';
import shellExample from '#docs/api/alert-forwarding-decrypt.sh?raw';
import { paths } from '#src/app/paths.ts';

export const DECRYPTION_EXAMPLE_FILE = 'alert-forwarding-decrypt.mjs';
/** The same checks with the OpenSSL command line, for one saved alert, where Node.js is not at hand. */
export const SHELL_EXAMPLE_FILE = 'alert-forwarding-decrypt.sh';

/**
 * The decryption examples come with this page's own chunk, from the files the server's tests run, so they always match
 * the server this build talks to and needs no external site; the documentation is a page of the portal.
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
  const exampleUrl = useObjectUrl(decryptionExample, 'text/javascript;charset=utf-8');
  const shellUrl = useObjectUrl(shellExample, 'text/x-sh;charset=utf-8');
  return (
    <Group gap="lg">
      <Anchor href={paths.alertForwardingDocs} target="_blank" rel="noopener noreferrer" size="sm">
        <Trans>Alert forwarding documentation</Trans>
      </Anchor>
      <Anchor href={exampleUrl} download={DECRYPTION_EXAMPLE_FILE} size="sm">
        <Trans>Download the decryption example</Trans>
      </Anchor>
      <Anchor href={shellUrl} download={SHELL_EXAMPLE_FILE} size="sm">
        <Trans>Download the OpenSSL shell version</Trans>
      </Anchor>
    </Group>
  );
}
