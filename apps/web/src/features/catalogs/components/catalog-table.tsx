import { Anchor, Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CatalogDef, CatalogRecord } from '../lib/catalog-defs.ts';
import { RowMenu } from './row-menu.tsx';

/** The label key of a list column (`venue_name` is the venue, `business_line_name` the business line). */
export const columnLabelKey = (column: string) => `catalogs.fields.${column.replace(/_name$/, '')}`;

const cell = (record: CatalogRecord, column: string) => {
  const value = record[column];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

function InactiveBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="gray" variant="light" size="sm">
      {t('catalogs.status.deletedOne')}
    </Badge>
  );
}

/**
 * One page of a catalogue: a table on wide screens, a card per row below 992 px. The name opens
 * the detail; writers get a menu to edit, delete or restore.
 */
export function CatalogTable({ def, records, canWrite, isDesktop }: { def: CatalogDef; records: CatalogRecord[]; canWrite: boolean; isDesktop: boolean }) {
  const { t } = useTranslation();
  const nameLink = (record: CatalogRecord) => (
    <Anchor component={Link} to={`${def.path}/${record.id}`} fw={600} underline="hover" c={record.is_active ? undefined : 'dimmed'}>
      {record.name}
    </Anchor>
  );

  if (!isDesktop) {
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="catalog-cards">
        {records.map((record) => (
          <Card component="li" key={record.id} withBorder radius="md" padding="sm" data-testid="catalog-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  {nameLink(record)}
                  {!record.is_active && <InactiveBadge />}
                </Group>
                {record.code && (
                  <Text size="sm" c="dimmed" ff="monospace">
                    {record.code}
                  </Text>
                )}
                {def.columns.map((column) =>
                  cell(record, column) ? (
                    <Text key={column} size="sm" lineClamp={2}>
                      <Text span c="dimmed" size="sm">
                        {t(columnLabelKey(column))}:{' '}
                      </Text>
                      {cell(record, column)}
                    </Text>
                  ) : null,
                )}
              </Stack>
              {canWrite && <RowMenu def={def} record={record} />}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="catalog-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalogs.fields.name')}</Table.Th>
            <Table.Th>{t('catalogs.fields.code')}</Table.Th>
            {def.columns.map((column) => (
              <Table.Th key={column}>{t(columnLabelKey(column))}</Table.Th>
            ))}
            {canWrite && (
              <Table.Th w={56}>
                <VisuallyHidden>{t('catalogs.list.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.id} data-testid="catalog-row">
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {nameLink(record)}
                  {!record.is_active && <InactiveBadge />}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {record.code ?? '—'}
                </Text>
              </Table.Td>
              {def.columns.map((column) => (
                <Table.Td key={column}>
                  <Text size="sm" lineClamp={2} c={cell(record, column) ? undefined : 'dimmed'}>
                    {cell(record, column) ?? '—'}
                  </Text>
                </Table.Td>
              ))}
              {canWrite && (
                <Table.Td>
                  <RowMenu def={def} record={record} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
