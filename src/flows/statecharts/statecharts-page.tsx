import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Container, List, Loader, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/List.layer.css';
import { useEffect, useId, useState } from 'react';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { StatechartDiagram } from './statechart-diagram.tsx';
import { parseStatechartDoc, type StatechartDoc } from './statechart-doc.ts';
import { loadShots, type Shot } from './statechart-shots.ts';

// Lazy per file: the markdown arrives with this page's chunk only when the gallery is opened.
const sources = import.meta.glob<string>('/docs/statecharts/*.md', { query: '?raw', import: 'default' });

async function loadDocs(): Promise<StatechartDoc[]> {
  const docs = await Promise.all(
    Object.entries(sources).map(async ([path, load]) => parseStatechartDoc(path, await load())),
  );
  return docs.filter((d): d is StatechartDoc => d !== null).sort((a, b) => a.slug.localeCompare(b.slug));
}

/** Offline gallery of the generated statecharts (architecture.md §7), for product review; route /pages/statecharts. */
export function Component() {
  usePageTitle(msg`Statecharts`);
  const { t } = useLingui();
  const hintId = useId();
  const [docs, setDocs] = useState<StatechartDoc[] | null>(null);
  const [shots, setShots] = useState<Shot[]>([]);

  useEffect(() => {
    let current = true;
    void loadDocs().then((loaded) => current && setDocs(loaded));
    void loadShots().then((listed) => current && setShots(listed));
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
          <Trans>
            Drawn from the state machines that run each page: every box is a state, every arrow an event, with its
            condition in brackets and what the page does after the slash.
          </Trans>
        </Text>
        <Text size="sm" id={hintId}>
          <Trans>
            Drag a diagram, or focus it and use the arrow keys, to move it; zoom with the buttons, Ctrl and the mouse
            wheel, or the + and - keys (0 fits it to the width).
          </Trans>
        </Text>
        {docs === null ? <Loader role="status" aria-label={t`Loading diagram`} /> : null}
        {docs?.length === 0 ? (
          <Text>
            <Trans>No diagrams yet.</Trans>
          </Text>
        ) : null}
        {docs && docs.length > 1 ? (
          <nav aria-label={t`Flows`}>
            <List spacing={4} data-testid="statechart-flows">
              {docs.map((doc) => (
                <List.Item key={doc.slug}>
                  <Anchor href={`#${doc.slug}`}>{doc.title}</Anchor>
                  {doc.description ? (
                    <Text span c="dimmed" lang="en">
                      {' '}
                      — {doc.description}
                    </Text>
                  ) : null}
                </List.Item>
              ))}
            </List>
          </nav>
        ) : null}
        {docs?.map((doc) => (
          <StatechartDiagram key={doc.slug} doc={doc} shots={shots} hintId={hintId} />
        ))}
      </Stack>
    </Container>
  );
}
