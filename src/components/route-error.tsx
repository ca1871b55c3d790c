import { Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * product.md §2: a route that throws shows a generic fallback with the message. It stays in English on purpose: it
 * must render even when the failure was loading the translations themselves.
 */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Stack p="xl" maw={720} mx="auto">
      <Title order={1}>Unexpected Application Error!</Title>
      <Text ff="monospace">{detail}</Text>
    </Stack>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The address the children show: the fallback stays only until the reader goes elsewhere. */
  pathname: string;
}
interface BoundaryState {
  error: unknown;
  pathname: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, pathname: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return { pathname: props.pathname };
    // The failure belongs to the page it happened on: another address renders its own page again.
    return state.pathname !== null && state.pathname !== props.pathname
      ? { error: null, pathname: props.pathname }
      : null;
  }

  render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** Catches what a page throws while rendering (or a page module that failed to download) and shows RouteError. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}
