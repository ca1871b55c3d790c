import { useLingui } from '@lingui/react/macro';
import { Anchor, Code, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import { SHOTS_URL, type Shot, shotsNamed } from './statechart-shots.ts';

export interface StateShots {
  state: string;
  shots: Array<{ name: string; files: Shot[] }>;
}

/** The states of a flow that have pictures in the served screenshot gallery, each shot with its files. */
export function stateShots(screens: Array<{ state: string; shots: string[] }>, shots: readonly Shot[], locale: string) {
  return screens
    .map(({ state, shots: names }) => ({
      state,
      shots: names.map((name) => ({ name, files: shotsNamed(shots, name, locale) })).filter((s) => s.files.length),
    }))
    .filter((entry) => entry.shots.length > 0);
}

/** Links from each state to its screenshots, one per width; nothing when the gallery has none of them. */
export function StatechartScreens({ states }: { states: StateShots[] }) {
  const { t } = useLingui();
  if (!states.length) return null;
  return (
    <>
      <Title order={3} size="h5">{t`Screenshots`}</Title>
      <Table withTableBorder data-testid="statechart-screens">
        <Table.Tbody>
          {states.map(({ state, shots }) => (
            <Table.Tr key={state}>
              <Table.Th scope="row">
                <Code>{state}</Code>
              </Table.Th>
              <Table.Td>
                {shots.map(({ name, files }) => (
                  <Group key={name} gap="xs">
                    <Text size="sm">{name}</Text>
                    {files.map(({ file, width }) => (
                      // The shot's name, unseen, makes each "320 px" a link a screen reader can tell apart.
                      <Anchor key={file} size="sm" href={`${SHOTS_URL}${file}`}>
                        <VisuallyHidden>{name}, </VisuallyHidden>
                        {width} px
                      </Anchor>
                    ))}
                  </Group>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
