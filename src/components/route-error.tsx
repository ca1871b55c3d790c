import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Code, Stack, Text, Title } from '@mantine/core';

/**
 * product.md §2: a route that throws shows a generic fallback with the message or status text. It stays in English on
 * purpose: it must render even when the failure was loading the translations themselves.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? error.statusText || String(error.status)
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Stack p="xl" maw={720} mx="auto">
      <Title order={1}>Unexpected Application Error!</Title>
      <Text>
        <Code>{detail}</Code>
      </Text>
    </Stack>
  );
}
