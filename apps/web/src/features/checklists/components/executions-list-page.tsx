import { Alert, Anchor, Badge, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TExecutionFilters, TExecutionSummary } from '@faena/contracts';
import { ACCESS, canAccess } from '../../../shared/access/access.ts';
import { EntityPicker } from '../../../shared/directory/entity-picker.tsx';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { ListFooter } from '../../../shared/ui/list-footer.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { PAGE_SIZE, useChecklistCategories, useChecklists, useExecutions } from '../api/checklists-api.ts';
import { formatScore, ResultBadge } from './execution-report.tsx';
import { ExecutionsExport } from './executions-export.tsx';
import { useFooterLabels } from './use-footer-labels.ts';

const FILTER_KEYS = ['checklist', 'category', 'venue', 'person', 'from', 'to', 'result', 'has_failed', 'status'] as const;

function filtersOf(params: URLSearchParams): TExecutionFilters {
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters as TExecutionFilters;
}

function ExecutionCard({ execution }: { execution: TExecutionSummary }) {
  const { t } = useTranslation();
  return (
    <Paper
      component={Link}
      to={`/checklists/executions/${encodeURIComponent(execution.id)}`}
      withBorder
      radius="md"
      p="sm"
      style={{ textDecoration: 'none', color: 'inherit' }}
      data-testid="execution-row"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {execution.checklist.name}
          </Text>
          <Text size="xs" c="dimmed">
            {[execution.venue?.name, execution.executed_by?.name, formatDateTime(execution.submitted_at ?? execution.started_at)].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Stack gap={2} align="flex-end">
          <Text fw={700}>{execution.status === 'draft' ? t('checklists.status.draft') : formatScore(execution.score)}</Text>
          <ResultBadge result={execution.result} size="sm" />
        </Stack>
      </Group>
      {(execution.failed_count > 0 || execution.actions_open > 0) && (
        <Group gap={6} mt={4}>
          {execution.failed_count > 0 && (
            <Badge color={execution.critical_failed ? 'red' : 'orange'} variant="light" leftSection={execution.critical_failed ? <IconAlertTriangle size={12} /> : undefined}>
              {t('checklists.report.failedCount', { count: execution.failed_count })}
            </Badge>
          )}
          {execution.actions_open > 0 && <Badge variant="light">{t('checklists.executions.actionsOpen', { count: execution.actions_open })}</Badge>}
        </Group>
      )}
    </Paper>
  );
}

/** /checklists/executions — mine (VIEW) or everyone's (MANAGE), filtered and paged; export. */
export function ExecutionsListPage() {
  const { t } = useTranslation();
  const { ctx } = useAccessContext();
  const canManage = canAccess(ACCESS.checklistAdmin, ctx);
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Number(params.get('page') ?? '1') || 1;
  const list = useExecutions(filters, page);
  const categories = useChecklistCategories();
  const checklists = useChecklists(filters.category ?? '', '', 1);
  const isWide = useMediaQuery('(min-width: 62em)') ?? true;
  const footer = useFooterLabels();

  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="md">
      <BackLink to="/checklists">{t('checklists.home.title')}</BackLink>
      <PageHeader title={t('checklists.executions.title')} actions={canManage ? <ExecutionsExport filters={filters} /> : undefined} />
      <Paper withBorder radius="md" p="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
          <Select
            label={t('checklists.executions.checklist')}
            data={(checklists.data?.results ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
            value={filters.checklist ?? null}
            onChange={(value) => set('checklist', value)}
            clearable
            searchable
          />
          <Select
            label={t('checklists.executions.category')}
            data={(categories.data?.results ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
            value={filters.category ?? null}
            onChange={(value) => set('category', value)}
            clearable
          />
          <EntityPicker kind="venues" label={t('checklists.executions.venue')} value={filters.venue ? [filters.venue] : []} onChange={(ids) => set('venue', ids[0] ?? null)} maxValues={1} />
          {canManage && (
            <EntityPicker kind="persons" label={t('checklists.executions.person')} value={filters.person ? [filters.person] : []} onChange={(ids) => set('person', ids[0] ?? null)} maxValues={1} />
          )}
          <TextInput type="date" label={t('checklists.executions.from')} value={filters.from ?? ''} onChange={(event) => set('from', event.currentTarget.value)} />
          <TextInput type="date" label={t('checklists.executions.to')} value={filters.to ?? ''} onChange={(event) => set('to', event.currentTarget.value)} />
          <Select
            label={t('checklists.executions.result')}
            data={[
              { value: 'aprobado', label: t('checklists.result.aprobado') },
              { value: 'reprobado', label: t('checklists.result.reprobado') },
            ]}
            value={filters.result ?? null}
            onChange={(value) => set('result', value)}
            clearable
            data-testid="filter-result"
          />
          <Select
            label={t('checklists.executions.hasFailed')}
            data={[
              { value: 'true', label: t('checklists.executions.withFailed') },
              { value: 'false', label: t('checklists.executions.withoutFailed') },
            ]}
            value={filters.has_failed ?? null}
            onChange={(value) => set('has_failed', value)}
            clearable
          />
          <Select
            label={t('checklists.executions.status')}
            data={[
              { value: 'submitted', label: t('checklists.status.submitted') },
              { value: 'draft', label: t('checklists.status.draft') },
            ]}
            value={filters.status ?? null}
            onChange={(value) => set('status', value)}
            clearable
          />
        </SimpleGrid>
      </Paper>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <Alert color="red">{t('checklists.loadFailed')}</Alert>
      ) : list.data.results.length === 0 ? (
        <Text c="dimmed">{t('checklists.executions.empty')}</Text>
      ) : isWide ? (
        <Table striped highlightOnHover data-testid="executions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('checklists.executions.checklist')}</Table.Th>
              <Table.Th>{t('checklists.executions.venue')}</Table.Th>
              <Table.Th>{t('checklists.executions.person')}</Table.Th>
              <Table.Th>{t('checklists.executions.date')}</Table.Th>
              <Table.Th>{t('checklists.executions.score')}</Table.Th>
              <Table.Th>{t('checklists.executions.result')}</Table.Th>
              <Table.Th>{t('checklists.executions.failed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.results.map((execution) => (
              <Table.Tr key={execution.id} data-testid="execution-row">
                <Table.Td>
                  <Anchor component={Link} to={`/checklists/executions/${encodeURIComponent(execution.id)}`} fw={600}>
                    {execution.checklist.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t('checklists.report.version', { version: execution.checklist.version })}
                  </Text>
                </Table.Td>
                <Table.Td>{execution.venue?.name ?? '—'}</Table.Td>
                <Table.Td>{execution.executed_by?.name ?? '—'}</Table.Td>
                <Table.Td>{formatDateTime(execution.submitted_at ?? execution.started_at)}</Table.Td>
                <Table.Td>{execution.status === 'draft' ? <Badge variant="light">{t('checklists.status.draft')}</Badge> : formatScore(execution.score)}</Table.Td>
                <Table.Td>
                  <ResultBadge result={execution.result} size="sm" />
                </Table.Td>
                <Table.Td>
                  {execution.failed_count > 0 ? (
                    <Badge color={execution.critical_failed ? 'red' : 'orange'} variant="light">
                      {execution.failed_count}
                    </Badge>
                  ) : (
                    '0'
                  )}
                  {execution.actions_open > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('checklists.executions.actionsOpen', { count: execution.actions_open })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack gap="xs">
          {list.data.results.map((execution) => (
            <ExecutionCard key={execution.id} execution={execution} />
          ))}
        </Stack>
      )}
      {list.data && <ListFooter count={list.data.count} page={page} pageSize={PAGE_SIZE} onPage={(next) => set('page', String(next))} labels={footer} />}
    </Stack>
  );
}
