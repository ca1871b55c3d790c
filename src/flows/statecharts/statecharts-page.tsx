import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { parseStatechartDoc, type StatechartDoc } from './statechart-doc.ts';

// Lazy per file: the markdown arrives with this page's chunk only when the gallery is opened.
const sources = import.meta.glob<string>('/docs/statecharts/*.md', { query: '?raw', import: 'default' });

type MermaidApi = typeof import('mermaid').default;
let mermaidReady: Promise<MermaidApi> | null = null;

/** mermaid is large: loaded on first use, so it never lands in another page's bundle. */
function loadMermaid(): Promise<MermaidApi> {
  mermaidReady ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });
    return mermaid;
  });
  return mermaidReady;
}

async function loadDocs(): Promise<StatechartDoc[]> {
  const docs = await Promise.all(
    Object.entries(sources).map(async ([path, load]) => parseStatechartDoc(path, await load())),
  );
  return docs.filter((d): d is StatechartDoc => d !== null).sort((a, b) => a.slug.localeCompare(b.slug));
}

type RenderState = { status: 'loading' } | { status: 'rendered'; svg: string } | { status: 'error' };

function StatechartDiagram({ doc }: { doc: StatechartDoc }) {
  const { t } = useLingui();
  const renderId = `statechart-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [state, setState] = useState<RenderState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    loadMermaid()
      .then((mermaid) => mermaid.render(renderId, doc.mermaid))
      .then(
        ({ svg }) => current && setState({ status: 'rendered', svg }),
        () => current && setState({ status: 'error' }),
      );
    return () => {
      current = false;
    };
  }, [doc.mermaid, renderId]);

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      id={doc.slug}
      data-statechart={doc.slug}
      data-status={state.status}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {doc.title}
        </Title>
        {doc.description ? <Text c="dimmed">{doc.description}</Text> : null}
        {state.status === 'loading' ? <Loader aria-label={t`Loading diagram`} /> : null}
        {state.status === 'error' ? (
          <Alert color="red">
            <Trans>This diagram could not be drawn.</Trans>
          </Alert>
        ) : null}
        {state.status === 'rendered' ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: securityLevel 'strict' makes mermaid sanitize its SVG; the source is our own generated file
          <div style={{ overflowX: 'auto' }} dangerouslySetInnerHTML={{ __html: state.svg }} />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Offline gallery of the generated statecharts (architecture.md §7), for product review; route /pages/statecharts. */
export function Component() {
  usePageTitle(msg`Statecharts`);
  const { t } = useLingui();
  const [docs, setDocs] = useState<StatechartDoc[] | null>(null);

  useEffect(() => {
    let current = true;
    void loadDocs().then((loaded) => current && setDocs(loaded));
    return () => {
      current = false;
    };
  }, []);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <Trans>Statecharts</Trans>
        </Title>
        <Text>
          <Trans>Drawn from the state machines that run each page: every box is a state, every arrow an event.</Trans>
        </Text>
        {docs === null ? <Loader aria-label={t`Loading diagram`} /> : null}
        {docs?.length === 0 ? (
          <Text>
            <Trans>No diagrams yet.</Trans>
          </Text>
        ) : null}
        {docs && docs.length > 1 ? (
          <Group component="nav" gap="md">
            {docs.map((doc) => (
              <Anchor key={doc.slug} href={`#${doc.slug}`}>
                {doc.title}
              </Anchor>
            ))}
          </Group>
        ) : null}
        {docs?.map((doc) => (
          <StatechartDiagram key={doc.slug} doc={doc} />
        ))}
      </Stack>
    </Container>
  );
}
