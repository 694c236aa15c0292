import { Alert, Badge, Button, Card, Collapse, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TWfExecutionSummary } from '@faena/contracts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { ListFooter } from '../../../shared/ui/list-footer.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { ExportExecutionsButton, exportFilters } from '../export/export-executions-button.tsx';
import { executionPath } from '../../../shared/workflows/task-path.ts';
import { StatusBadge } from './badges.tsx';
import { useExecutions, useStartForm, type ExecutionFilters } from './run-api.ts';
import { dayBound, EXECUTION_STATUSES, STATUS_KEYS } from './run-model.ts';
import classes from './run.module.css';

const PAGE_SIZE = 20;
const FILTER_KEYS = ['status', 'from', 'to', 'started_by', 'current_step'] as const;

/** Execution cards: name, status in words, who started it and when, where it stands. */
export function ExecutionCards({ executions, loading }: { executions: readonly TWfExecutionSummary[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (loading && !executions)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  return (
    <Stack gap="sm" component="ul" className={classes.plainList} data-testid="execution-list">
      {(executions ?? []).map((execution) => (
        <li key={execution.id}>
          <Card component={Link} to={executionPath(execution)} withBorder radius="md" padding="md" className={classes.rowCard} data-testid="execution-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} className={classes.wrap}>
                  {execution.name} · #{execution.id.slice(0, 8)}
                </Text>
                <Text size="sm" c="dimmed" className={classes.wrap}>
                  {t('workflows.run.executions.startedBy', { name: execution.started_by?.name ?? t('workflows.run.executions.nobody'), when: formatDateTime(execution.initiated) })}
                </Text>
                {execution.current.length > 0 && (
                  <Text size="sm" className={classes.wrap}>
                    {t('workflows.run.executions.currentStep', { steps: execution.current.map((c) => c.name || c.bpmn_id).join(', ') })}
                  </Text>
                )}
                {execution.completed && (
                  <Text size="sm" c="dimmed">
                    {t('workflows.run.executions.completedAt', { when: formatDateTime(execution.completed) })}
                  </Text>
                )}
              </Stack>
              <StatusBadge status={execution.status} />
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/** /workflows/{workflowType}/executions: myExecutions with filters and paging. */
export function ExecutionsPage({ typeId }: { typeId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const info = useStartForm(typeId);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const get = (key: (typeof FILTER_KEYS)[number]) => params.get(key) ?? '';
  const filters: ExecutionFilters = {
    workflow_type: typeId,
    status: get('status') || undefined,
    from: get('from') ? dayBound(get('from'), false) : undefined,
    to: get('to') ? dayBound(get('to'), true) : undefined,
    started_by: get('started_by') || undefined,
    current_step: get('current_step') || undefined,
    page,
    page_size: PAGE_SIZE,
  };
  const list = useExecutions(filters);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next, { replace: true });
  };
  const active = FILTER_KEYS.filter((key) => params.get(key)).length;
  const filtered = active > 0;
  // on a phone the filters fold away behind one button (the list comes first)
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [showFilters, setShowFilters] = useState(false);
  const typeName = info.data?.workflow_type.name ?? '';

  return (
    <Stack gap="md">
      <BackLink to={info.data ? `/workflows/${encodeURIComponent(typeId)}/${encodeURIComponent(info.data.version.id)}` : '/workflows'}>{typeName || t('workflows.run.home.title')}</BackLink>
      <PageHeader title={t('workflows.run.executions.title')} description={typeName || undefined} actions={<ExportExecutionsButton typeId={typeId} filters={exportFilters(filters)} />} />
      {isPhone && (
        <Button
          variant="default"
          size="md"
          leftSection={<IconAdjustmentsHorizontal size={18} />}
          onClick={() => setShowFilters((open) => !open)}
          aria-expanded={showFilters}
          aria-controls="execution-filters"
          data-testid="toggle-filters"
          style={{ alignSelf: 'flex-start' }}
        >
          {filtered ? t('workflows.run.executions.filtersActive', { count: active }) : t('workflows.run.executions.filters')}
        </Button>
      )}
      <Collapse expanded={!isPhone || showFilters}>
        <Card withBorder radius="md" padding="sm" component="section" id="execution-filters" aria-label={t('workflows.run.executions.filters')}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
            <Select
              label={t('workflows.run.executions.status')}
              placeholder={t('workflows.run.executions.any')}
              data={EXECUTION_STATUSES.map((status) => ({ value: status, label: t(STATUS_KEYS[status]) }))}
              value={get('status') || null}
              onChange={(value) => set('status', value)}
              clearable
              data-testid="filter-status"
            />
            <TextInput type="date" label={t('workflows.run.executions.from')} value={get('from')} onChange={(event) => set('from', event.currentTarget.value)} max={get('to') || undefined} />
            <TextInput type="date" label={t('workflows.run.executions.to')} value={get('to')} onChange={(event) => set('to', event.currentTarget.value)} min={get('from') || undefined} />
            <Select
              label={t('workflows.run.executions.startedByFilter')}
              placeholder={t('workflows.run.executions.anyone')}
              data={[{ value: 'me', label: t('workflows.run.executions.me') }]}
              value={get('started_by') || null}
              onChange={(value) => set('started_by', value)}
              clearable
            />
            <Select
              label={t('workflows.run.executions.step')}
              placeholder={t('workflows.run.executions.any')}
              data={(info.data?.steps ?? []).map((step) => ({ value: step.bpmn_id, label: step.name || step.bpmn_id }))}
              value={get('current_step') || null}
              onChange={(value) => set('current_step', value)}
              clearable
              searchable
            />
          </SimpleGrid>
          {filtered && (
            <Button
              variant="subtle"
              size="xs"
              mt="xs"
              leftSection={<IconFilterOff size={14} />}
              onClick={() => {
                setParams({}, { replace: true });
              }}
            >
              {t('workflows.run.executions.clear')}
            </Button>
          )}
        </Card>
      </Collapse>
      {list.isError ? (
        <Alert color="red">{t('workflows.run.loadError')}</Alert>
      ) : list.data && list.data.count === 0 ? (
        <Text c="dimmed" data-testid="executions-empty">
          {filtered ? t('workflows.run.executions.noMatches') : t('workflows.run.executions.empty')}
        </Text>
      ) : (
        <>
          <Group gap="xs">
            {list.data && (
              <Badge variant="light" color="gray">
                {t('workflows.run.executions.count', { count: list.data.count })}
              </Badge>
            )}
          </Group>
          <ExecutionCards executions={list.data?.results} loading={list.isPending} />
        </>
      )}
      {list.data && (
        <ListFooter
          count={list.data.count}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={(next) => {
            const nextParams = new URLSearchParams(params);
            nextParams.set('page', String(next));
            setParams(nextParams);
          }}
          labels={{
            range: (range) => t('workflows.run.executions.range', range),
            page: (n) => t('workflows.run.executions.page', { page: n }),
            control: (control) => t(`workflows.run.executions.control.${control}`),
          }}
        />
      )}
    </Stack>
  );
}
