import { Alert, Button, Chip, CloseButton, Group, Loader, Pagination, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TImportJob, TImportOperation, TImportRow } from '@faena/contracts';
import { downloadImportRows, IMPORT_OPERATIONS, useImportRows, type ImportFamily } from './imports-api.ts';
import { OperationBadge, paginationLabels, useImportErrorText } from './import-texts.tsx';
import classes from './imports.module.css';

const PAGE_SIZE = 50;
const ALL = 'ALL';

/** The preview: every staged row with its operation and error, filtered by operation, paged. */
export function ImportRows({ family, job, isMobile }: { family: ImportFamily; job: TImportJob; isMobile: boolean }) {
  const { t } = useTranslation();
  // Errors first when there are any: they are what the user has to fix.
  const [operation, setOperation] = useState<TImportOperation | null>(job.counts.ERROR > 0 ? 'ERROR' : null);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  // a new search starts at its first page
  const [searched, setSearched] = useState(search);
  if (search !== searched) {
    setSearched(search);
    setPage(1);
  }
  const rows = useImportRows(family, job, operation, page, PAGE_SIZE, search);
  const errorText = useImportErrorText();
  const total = IMPORT_OPERATIONS.reduce((sum, op) => sum + job.counts[op], 0);
  const pages = Math.max(1, Math.ceil((rows.data?.count ?? 0) / PAGE_SIZE));
  const results = rows.data?.results ?? [];

  /** A column as the file's header wrote it ("Teléfonos" rather than phones). */
  const written = (column: string) => job.file_columns[column] ?? column;
  /** A problem of a row: what is wrong, the value at fault where it helps, and the column as the file names it. */
  const problemText = (problem: TImportRow['errors'][number]) => {
    const text = errorText(problem.code, problem.message) ?? problem.code;
    if (!problem.column) return text;
    const column = written(problem.column);
    return problem.value ? t('imports.rows.errorValueInColumn', { text, value: problem.value, column }) : t('imports.rows.errorInColumn', { text, column });
  };
  /** A row's problems (each on its own line: a file is mended in one pass), else what an update would change (the file's columns whose values differ). */
  const detail = (row: TImportRow, size: 'xs' | 'sm', mt?: number) => {
    if (row.errors.length > 0) {
      return (
        <Stack gap={2} mt={mt} data-testid="import-row-errors">
          {row.errors.map((problem, index) => (
            <Text key={index} size="sm" c="red.9">
              {problemText(problem)}
            </Text>
          ))}
        </Stack>
      );
    }
    if (!row.changes || row.changes.length === 0) return null;
    return (
      <Text size={size} c="dimmed" mt={mt} data-testid="import-row-changes">
        {t('imports.rows.changes', { columns: row.changes.map(written).join(', ') })}
      </Text>
    );
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="import-rows">
      <Chip.Group
        value={operation ?? ALL}
        onChange={(value) => {
          setOperation(value === ALL ? null : (value as TImportOperation));
          setPage(1);
        }}
      >
        <Group justify="space-between" align="flex-start" gap="xs" mb="md">
          <Group gap="xs" role="radiogroup" aria-label={t('imports.rows.filter')}>
            <Chip value={ALL} size="sm" variant="outline" data-testid="import-filter-ALL">
              {t('imports.rows.all', { n: total })}
            </Chip>
            {IMPORT_OPERATIONS.filter((op) => job.counts[op] > 0 || op === operation).map((op) => (
              <Chip key={op} value={op} size="sm" variant="outline" color={op === 'ERROR' ? 'red' : undefined} data-testid={`import-filter-${op}`}>
                {t(`imports.operation.${op}`)} ({job.counts[op].toLocaleString()})
              </Chip>
            ))}
          </Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() => void downloadImportRows(family, job.id, operation, search)}
            disabled={search ? rows.data?.count === 0 : (operation ? job.counts[operation] : total) === 0}
            data-testid="import-rows-download"
          >
            {operation === 'ERROR' ? t('imports.rows.downloadErrors') : t('imports.rows.download')}
          </Button>
        </Group>
      </Chip.Group>
      <Group gap="sm" mb="sm" align="center">
        <TextInput
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          placeholder={t('imports.rows.search')}
          aria-label={t('imports.rows.search')}
          leftSection={<IconSearch size={16} />}
          rightSection={text ? <CloseButton size="sm" aria-label={t('imports.rows.clearSearch')} onClick={() => setText('')} /> : null}
          style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
          data-testid="import-rows-search"
        />
        {search && rows.data && !rows.isPlaceholderData && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="import-rows-matches">
            {t('imports.rows.matches', { count: rows.data.count })}
          </Text>
        )}
      </Group>

      {rows.isError ? (
        <Alert color="red">{t('imports.rows.failed')}</Alert>
      ) : rows.isPending ? (
        <Loader size="sm" />
      ) : results.length === 0 ? (
        <Text c="dimmed" size="sm">
          {search ? t('imports.rows.noMatch', { search }) : t('imports.rows.empty')}
        </Text>
      ) : isMobile ? (
        <Stack gap="xs" data-testid="import-rows-list">
          {results.map((row) => (
            <Paper key={row.id} withBorder p="xs" radius="sm" className={classes.rowCard} data-operation={row.operation} data-testid="import-row">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600} truncate>
                  {row.label || '—'}
                </Text>
                <OperationBadge operation={row.operation} />
              </Group>
              <Text size="xs" c="dimmed" className={classes.mono}>
                {row.row !== null ? `${t('imports.rows.row')} ${row.row} · ` : ''}
                {row.key || '—'}
              </Text>
              {detail(row, 'xs', 4)}
            </Paper>
          ))}
        </Stack>
      ) : (
        <ScrollArea>
          <Table verticalSpacing="xs" striped data-testid="import-rows-table" style={{ opacity: rows.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>{t('imports.rows.row')}</Table.Th>
                <Table.Th>{t('imports.rows.key')}</Table.Th>
                <Table.Th>{t('imports.rows.label')}</Table.Th>
                <Table.Th w={140}>{t('imports.rows.operation')}</Table.Th>
                <Table.Th>{t('imports.rows.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((row) => (
                <Table.Tr key={row.id} data-testid="import-row" data-operation={row.operation}>
                  <Table.Td>{row.row ?? '—'}</Table.Td>
                  <Table.Td className={classes.monoCell}>{row.key || '—'}</Table.Td>
                  <Table.Td>{row.label || '—'}</Table.Td>
                  <Table.Td>
                    <OperationBadge operation={row.operation} />
                  </Table.Td>
                  <Table.Td>{detail(row, 'sm')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={isMobile ? 0 : 1} getControlProps={paginationLabels(t)} />
        </Group>
      )}
    </Paper>
  );
}
