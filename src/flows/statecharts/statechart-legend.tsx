import { Trans } from '@lingui/react/macro';
import { Code, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.layer.css';
import type { StatechartDoc } from './statechart-doc.ts';

/**
 * The flow's Messages legend: each failure code and the words the page shows for it. The words are quoted in English,
 * as the generated file has them (the page's own translations are in the catalogs), so the headings say so.
 */
export function StatechartLegend({ doc }: { doc: StatechartDoc }) {
  return (
    <>
      <Title order={3} size="h5">
        <Trans>Messages</Trans>
      </Title>
      {doc.legend.length === 0 ? (
        <Text size="sm">
          <Trans>This flow keeps no failure codes of its own.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder data-testid="statechart-legend">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Code</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>When</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>What the reader sees (English)</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {doc.legend.map((row) => (
                <Table.Tr key={`${row.code} ${row.when}`}>
                  <Table.Td>
                    <Code>{row.code}</Code>
                  </Table.Td>
                  <Table.Td>{row.when}</Table.Td>
                  <Table.Td lang="en">{row.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
