import { Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconTableExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { otherHeaders } from '@faena/domain/import-headers';
import { downloadText } from '../lib/download.ts';
import { downloadCurrentRecords, fileLanguageOf, headerOf, templateCsv, type ImportFamily, type ImportKind } from './imports-api.ts';

/**
 * The columns a file of this kind may carry, each shown by its header in the screen's language
 * (Spanish or English; headers match without case, accents or spacing, by either or any alias), a
 * CSV template with them and, where the family offers it, the current records in those columns (to
 * edit and upload back), both written in the same language.
 */
export function ImportColumns({ family, kind, templateName, isMobile }: { family: ImportFamily; kind: ImportKind; templateName: string; isMobile: boolean }) {
  const { t, i18n } = useTranslation();
  const language = fileLanguageOf(i18n.language);
  // Our translation of a known column (this kind's own wording first); otherwise the server's text
  // in the closest language.
  const describe = (column: ImportKind['columns'][number]) => {
    for (const key of [`imports.columnsByKind.${kind.kind}.${column.name}`, `imports.columns.${column.name}`]) {
      if (i18n.exists(key)) return t(key);
    }
    return (language === 'es' && column.description_es) || column.description;
  };
  const rows = kind.columns.map((column) => {
    const header = headerOf(column, language);
    return { column, header, others: otherHeaders(header, [column.name, column.header_es, ...column.aliases]) };
  });
  const aliases = (list: string[]) => t('imports.columnsCard.aliases', { list: list.join(', ') });

  return (
    <Paper withBorder p="md" radius="md" data-testid="import-columns">
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {t('imports.columnsCard.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('imports.columnsCard.help')}
          </Text>
          {kind.has_current && (
            <Text size="sm" c="dimmed">
              {t('imports.columnsCard.currentHelp')}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadText(templateName, templateCsv(kind, language), 'text/csv;charset=utf-8')}
            data-testid="import-template"
          >
            {t('imports.columnsCard.template')}
          </Button>
          {kind.has_current && (
            <Button variant="default" leftSection={<IconTableExport size={16} />} onClick={() => void downloadCurrentRecords(family, language)} data-testid="import-current">
              {t('imports.columnsCard.current')}
            </Button>
          )}
        </Group>
      </Group>
      {isMobile ? (
        <Stack gap="xs">
          {rows.map(({ column, header, others }) => (
            <Paper key={column.name} withBorder p="xs" radius="sm">
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Code>{header}</Code>
                {column.required && (
                  <Badge size="xs" color="red" c="red.9" variant="light">
                    {t('imports.columnsCard.required')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" mt={4}>
                {describe(column)}
              </Text>
              {others.length > 0 && (
                <Text size="xs" c="dimmed" mt={2}>
                  {aliases(others)}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('imports.columnsCard.column')}</Table.Th>
              <Table.Th>{t('imports.columnsCard.description')}</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ column, header, others }) => (
              <Table.Tr key={column.name}>
                <Table.Td>
                  <Code>{header}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{describe(column)}</Text>
                  {others.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {aliases(others)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {column.required && (
                    <Badge size="xs" color="red" c="red.9" variant="light">
                      {t('imports.columnsCard.required')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
