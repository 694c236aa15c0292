import { Alert, Button, Collapse, Group, Loader, SegmentedControl, Select, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarEvent, IconFilter, IconList, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ACTIVITY_PRIORITIES, DISPLAY_STATUSES } from '@faena/domain/activities/constants';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCategories, useOccurrences, type OccurrenceFilters } from '../api/activities-api.ts';
import { priorityKey, sortOccurrences, tabRange, type ListTab } from '../lib/format.ts';
import { CalendarFeedButton } from './calendar-feed.tsx';
import { OccurrenceRow } from './occurrence-row.tsx';
import { PEOPLE_SOURCE, RemoteSelect, VENUES_SOURCE } from '../../../shared/ui/remote-select.tsx';
import { useActivitiesAccess } from './use-activities-access.ts';

const ActivityCalendar = lazy(() => import('./activity-calendar.tsx'));

const TABS: readonly ListTab[] = ['today', 'upcoming', 'overdue'];
const FILTER_KEYS = ['status', 'venue', 'category', 'responsible', 'priority'] as const;

/** /activities — the occurrences by tab (today, upcoming, overdue) or in a calendar, filtered from the address. */
export function ActivitiesListPage() {
  const { t } = useTranslation();
  const access = useActivitiesAccess();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'calendar' ? 'calendar' : 'list';
  const tab: ListTab = TABS.includes(params.get('tab') as ListTab) ? (params.get('tab') as ListTab) : 'today';
  const mine = !access.canManage || params.get('mine') !== 'false';
  const filters: OccurrenceFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('activities.list.title')}
        actions={
          <Group gap="xs">
            <CalendarFeedButton />
            {access.canManage && (
              <Button component={Link} to="/activities/create" leftSection={<IconPlus size={18} />} data-testid="new-activity">
                {t('activities.list.new')}
              </Button>
            )}
          </Group>
        }
      />
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          value={view}
          onChange={(value) => set('view', value === 'calendar' ? 'calendar' : null)}
          data={[
            { value: 'list', label: <ViewLabel icon={<IconList size={16} />} text={t('activities.list.viewList')} /> },
            { value: 'calendar', label: <ViewLabel icon={<IconCalendarEvent size={16} />} text={t('activities.list.viewCalendar')} /> },
          ]}
          aria-label={t('activities.list.view')}
          data-testid="activities-view"
        />
        {access.canManage && <Switch checked={!mine} onChange={(event) => set('mine', event.currentTarget.checked ? 'false' : null)} label={t('activities.list.everyone')} />}
      </Group>
      <ActivityFilters filters={filters} onChange={set} />
      {view === 'calendar' ? (
        <Suspense fallback={<Loader />}>
          <ActivityCalendar mine={mine} filters={filters} />
        </Suspense>
      ) : (
        <Tabs value={tab} onChange={(value) => set('tab', value === 'today' ? null : value)} keepMounted={false}>
          <Tabs.List grow>
            {TABS.map((each) => (
              <Tabs.Tab key={each} value={each} data-testid={`tab-${each}`} style={{ minHeight: 44 }}>
                {t(`activities.list.tabs.${each}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((each) => (
            <Tabs.Panel key={each} value={each} pt="md">
              <OccurrenceList tab={each} mine={mine} filters={filters} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

function ViewLabel({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      {icon}
      <span>{text}</span>
    </Group>
  );
}

/** The occurrences of one tab, by priority then due date. */
export function OccurrenceList({ tab, mine, filters }: { tab: ListTab; mine: boolean; filters: OccurrenceFilters }) {
  const { t } = useTranslation();
  const [now] = useState(() => new Date());
  const range = tabRange(tab, now);
  const query = useOccurrences(range.from, range.to, mine, range.status ? { ...filters, status: range.status } : filters);
  const items = useMemo(() => sortOccurrences(query.data?.results ?? []), [query.data]);
  if (query.isPending) return <Loader />;
  if (query.isError) return <Alert color="red">{t('activities.list.loadError')}</Alert>;
  if (items.length === 0)
    return (
      <Text c="dimmed" data-testid="activities-empty">
        {t(`activities.list.empty.${tab}`)}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="occurrence-list">
      {items.map((occurrence) => (
        <OccurrenceRow key={occurrence.id} occurrence={occurrence} showDay={tab !== 'today'} />
      ))}
    </Stack>
  );
}

/** Status, venue, category, responsible and priority: each kept in the address. */
export function ActivityFilters({ filters, onChange }: { filters: OccurrenceFilters; onChange: (key: string, value: string | null) => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const active = Object.values(filters).filter(Boolean).length;
  const [opened, setOpened] = useState(active > 0);
  if (!narrow) return <FilterFields filters={filters} onChange={onChange} />;
  // on a phone the filters fold away: the list or the calendar comes first
  return (
    <Stack gap="xs">
      <Button variant="default" leftSection={<IconFilter size={18} />} onClick={() => setOpened((open) => !open)} aria-expanded={opened} mih={44} data-testid="toggle-filters">
        {active > 0 ? t('activities.filters.toggleCount', { count: active }) : t('activities.filters.toggle')}
      </Button>
      <Collapse expanded={opened}>
        <FilterFields filters={filters} onChange={onChange} />
      </Collapse>
    </Stack>
  );
}

function FilterFields({ filters, onChange }: { filters: OccurrenceFilters; onChange: (key: string, value: string | null) => void }) {
  const { t } = useTranslation();
  const categories = useCategories();
  return (
    <Group gap="sm" align="flex-end" grow preventGrowOverflow={false} wrap="wrap" data-testid="activity-filters">
      <Select
        label={t('activities.filters.status')}
        placeholder={t('activities.filters.any')}
        clearable
        data={DISPLAY_STATUSES.map((status) => ({ value: status, label: t(`activities.status.${status}`) }))}
        value={filters.status ?? null}
        onChange={(value) => onChange('status', value)}
        miw={150}
      />
      <Select
        label={t('activities.filters.priority')}
        placeholder={t('activities.filters.any')}
        clearable
        data={ACTIVITY_PRIORITIES.map((priority) => ({ value: String(priority), label: t(priorityKey(priority)) }))}
        value={filters.priority ?? null}
        onChange={(value) => onChange('priority', value)}
        miw={150}
      />
      <Select
        label={t('activities.filters.category')}
        placeholder={t('activities.filters.any')}
        clearable
        data={(categories.data?.results ?? []).map((category) => ({ value: category.id, label: category.name }))}
        value={filters.category ?? null}
        onChange={(value) => onChange('category', value)}
        miw={150}
      />
      <RemoteSelect
        source={VENUES_SOURCE}
        label={t('activities.filters.venue')}
        placeholder={t('activities.filters.any')}
        value={filters.venue ?? null}
        onChange={(value) => onChange('venue', value)}
      />
      <RemoteSelect
        source={PEOPLE_SOURCE}
        label={t('activities.filters.responsible')}
        placeholder={t('activities.filters.any')}
        value={filters.responsible ?? null}
        onChange={(value) => onChange('responsible', value)}
      />
    </Group>
  );
}
