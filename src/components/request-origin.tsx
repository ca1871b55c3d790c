import { useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';

/**
 * Who really asks, from the server's record of the request: the developer account that registered the application,
 * and the host the answer goes back to, or for an app on the person's device (a loopback address or the app's own
 * scheme) that it is one: the answer does not go back to any web site. Both are user-controlled text, so they go through `t` (React escapes the
 * result), never into <Trans>, which would read markup in them.
 */
export function RequestOrigin({ request }: { request: ConsentRequestDetails }) {
  const { t } = useLingui();
  const { ownerName, redirectHost, native } = request;
  return (
    <Stack gap={2}>
      {ownerName ? (
        <Text size="sm" c="dimmed" data-testid="request-owner">
          {t`Registered by the developer account of ${ownerName}`}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed" data-testid="request-redirect">
        {native
          ? t`This is an app on your device. Your answer goes to it at ${redirectHost}`
          : t`Your answer sends you back to ${redirectHost}`}
      </Text>
    </Stack>
  );
}
