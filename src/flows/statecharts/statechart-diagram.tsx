import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useMemo, useState } from 'react';
import type { StatechartDoc } from './statechart-doc.ts';
import { StatechartLegend } from './statechart-legend.tsx';
import { StatechartScreens, stateShots } from './statechart-screens.tsx';
import { SHOTS_URL, type Shot } from './statechart-shots.ts';
import { boxText, linkBox, stateAlias, stateBox } from './statechart-svg.ts';
import { StatechartViewport } from './statechart-viewport.tsx';

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

type RenderState = { status: 'loading' } | { status: 'rendered'; svg: string } | { status: 'error' };

/** The width a box's link opens: the widest shot up to a laptop's, where a page is seen whole. */
const preferredShot = (files: Shot[]) => files.filter((f) => f.width <= 1280).at(-1) ?? files[0];

/** One flow: its summary, the zoomable diagram (boxes linked to their screenshots), the legend and the shot links. */
export function StatechartDiagram({ doc, shots, hintId }: { doc: StatechartDoc; shots: Shot[]; hintId: string }) {
  const { t, i18n } = useLingui();
  const renderId = `statechart-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [state, setState] = useState<RenderState>({ status: 'loading' });
  const [drawn, setDrawn] = useState<SVGSVGElement | null>(null);
  const { title } = doc;
  const states = useMemo(() => stateShots(doc.screens, shots, i18n.locale), [doc.screens, shots, i18n.locale]);

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

  // Each box with a screenshot opens it; a box already linked (the shots arrived again) is left as it is.
  useEffect(() => {
    if (!drawn) return;
    for (const { state: path, shots: named } of states) {
      const alias = stateAlias(doc.mermaid, path);
      const box = alias ? stateBox(drawn, alias) : null;
      const first = named[0];
      if (!box || !first || box.parentElement?.tagName.toLowerCase() === 'a') continue;
      const { file, width } = preferredShot(first.files);
      const shot = first.name;
      const shown = boxText(box);
      linkBox(box, `${SHOTS_URL}${file}`, t`${shown} (screenshot: ${shot}, ${width} pixels wide)`);
    }
  }, [drawn, states, doc.mermaid, t]);

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      id={doc.slug}
      aria-labelledby={`${doc.slug}-title`}
      data-statechart={doc.slug}
      data-status={state.status}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${doc.slug}-title`}>
          {doc.title}
        </Title>
        {doc.description ? (
          <Text c="dimmed" lang="en">
            {doc.description}
          </Text>
        ) : null}
        {/* An image rather than a live status: one per flow, all at once, each would be announced. */}
        {state.status === 'loading' ? <Loader role="img" aria-label={t`Loading diagram`} /> : null}
        {state.status === 'error' ? (
          <Alert color="red">
            <Trans>This diagram could not be drawn.</Trans>
          </Alert>
        ) : null}
        {state.status === 'rendered' ? (
          <StatechartViewport svg={state.svg} label={t`Diagram of ${title}`} describedBy={hintId} onDrawn={setDrawn} />
        ) : null}
        <StatechartLegend doc={doc} />
        <StatechartScreens states={states} />
      </Stack>
    </Paper>
  );
}
