import { Alert, Anchor, Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TImportJob } from '@faena/contracts';
import { formatDateTime } from '../lib/dates.ts';
import { IMPORT_OPERATIONS, useImportJobs, type ImportFamily } from './imports-api.ts';
import { ImportStatusBadge, paginationLabels } from './import-texts.tsx';

const PAGE_SIZE = 10;

/** A job's counts as "12 nuevas · 3 con errores" (only the operations that happened). */
export function CountsSummary({ job }: { job: TImportJob }) {
  const { t } = useTranslation();
  const parts = IMPORT_OPERATIONS.filter((op) => job.counts[op] > 0).map((op) => t(`imports.countsShort.${op}`, { count: job.counts[op] }));
  if (parts.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}

/** The family's jobs, newest first, each linking to its page. */
export function ImportHistory({ family, jobHref, isMobile }: { family: ImportFamily; jobHref: (id: number) => string; isMobile: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const jobs = useImportJobs(family, page, PAGE_SIZE);
  const results = jobs.data?.results ?? [];
  const pages = Math.max(1, Math.ceil((jobs.data?.count ?? 0) / PAGE_SIZE));
  const name = (job: TImportJob) => job.file_name ?? t('imports.history.noName', { id: job.id });

  return (
    <Paper withBorder p="md" radius="md" data-testid="import-history">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {t('imports.history.title')}
        </Title>
        {jobs.isFetching && <Loader size="xs" />}
      </Group>
      {jobs.isError ? (
        <Alert color="red">{t('imports.history.failed')}</Alert>
      ) : jobs.isPending ? (
        <Loader size="sm" />
      ) : results.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('imports.history.empty')}
        </Text>
      ) : isMobile ? (
        <Stack gap="xs">
          {results.map((job) => (
            <Paper key={job.id} withBorder p="xs" radius="sm" component={Link} to={jobHref(job.id)} data-testid="import-history-item">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600} truncate>
                  {name(job)}
                </Text>
                <ImportStatusBadge status={job.status} />
              </Group>
              <Text size="xs" c="dimmed">
                #{job.id} · {formatDateTime(job.created_at)}
                {job.created_by ? ` · ${job.created_by.name}` : ''}
              </Text>
              <CountsSummary job={job} />
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>#</Table.Th>
              <Table.Th>{t('imports.history.file')}</Table.Th>
              <Table.Th>{t('imports.history.status')}</Table.Th>
              <Table.Th>{t('imports.history.createdAt')}</Table.Th>
              <Table.Th>{t('imports.history.createdBy')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((job) => (
              <Table.Tr key={job.id} data-testid="import-history-item">
                <Table.Td>{job.id}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={jobHref(job.id)} size="sm">
                    {name(job)}
                  </Anchor>
                  <CountsSummary job={job} />
                </Table.Td>
                <Table.Td>
                  <ImportStatusBadge status={job.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(job.created_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{job.created_by?.name ?? '—'}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" getControlProps={paginationLabels(t)} />
        </Group>
      )}
    </Paper>
  );
}
