import { Alert, Badge, Button, Card, Chip, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconListCheck, IconPlayerPlay, IconSearch, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { ListFooter } from '../../../shared/ui/list-footer.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useFooterLabels } from './use-footer-labels.ts';
import { NetworkError } from '../../../shared/api/http-error.ts';
import { keptCategories, keptChecklists, PAGE_SIZE, useChecklistCategories, useChecklists, useExecutions, readAheadDefinitions } from '../api/checklists-api.ts';

/** /checklists[/:category_id] — what I can execute, by category, and my drafts to resume. */
export function ChecklistsHomePage({ categoryId }: { categoryId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const categories = useChecklistCategories();
  const list = useChecklists(categoryId, debounced, page);
  const drafts = useExecutions({ status: 'draft', mine: 'true' }, 1);
  const openDrafts = drafts.data?.results ?? [];
  const footer = useFooterLabels();
  // with no connection, a category or search never read on this device is made from the kept lists (decision 031)
  const client = useQueryClient();
  const offline = (typeof navigator !== 'undefined' && !navigator.onLine) || list.error instanceof NetworkError;
  const fromDevice = !list.data && offline;
  const shown = list.data ?? (fromDevice ? keptChecklists(client, categoryId, debounced) : undefined);
  const categoryChoices = categories.data?.results ?? (offline ? keptCategories(client) : []);
  // with signal, the checklists listed that I can execute are read ahead (and so kept): each can be started offline later
  // in one request for the whole page (GET /checklists/definitions/?ids=…), each kept under its detail's key
  useEffect(() => {
    if (!list.data || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
    const ids = list.data.results.filter((checklist) => checklist.can_execute).map((checklist) => checklist.id);
    const controller = new AbortController();
    readAheadDefinitions(client, ids, controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [list.data, client]);

  return (
    <Stack gap="md">
      <PageHeader
        title={t('checklists.home.title')}
        actions={
          <Button component={Link} to="/checklists/executions" variant="light" leftSection={<IconListCheck size={18} />}>
            {t('checklists.home.executions')}
          </Button>
        }
      />
      {openDrafts.length > 0 && (
        <Card withBorder radius="md" data-testid="my-drafts">
          <Text fw={700} mb="xs">
            {t('checklists.home.drafts')}
          </Text>
          <Stack gap="xs">
            {openDrafts.map((draft) => (
              <Group key={draft.id} justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate="end">
                    {draft.checklist.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('checklists.home.startedAt', { date: formatDateTime(draft.started_at) })}
                    {draft.venue ? ` · ${draft.venue.name}` : ''}
                  </Text>
                </div>
                <Button component={Link} to={`/checklists/${encodeURIComponent(draft.checklist.id)}/execute`} size="md" data-testid={`resume-${draft.checklist.id}`}>
                  {t('checklists.home.resume')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      <Chip.Group
        value={categoryId || 'all'}
        onChange={(value) => {
          setPage(1);
          void navigate(value === 'all' ? '/checklists' : `/checklists/${encodeURIComponent(String(value))}`);
        }}
      >
        <Group gap="xs">
          <Chip value="all" color="faena.8">
            {t('checklists.home.all')}
          </Chip>
          {categoryChoices.map((category) => (
            <Chip key={category.id} value={category.id} color="faena.8">
              {category.name}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('checklists.home.search')}
        aria-label={t('checklists.home.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {fromDevice && (
        <Alert color="orange" icon={<IconWifiOff size={18} />} data-testid="checklists-kept">
          {t('checklists.home.keptOnly')}
        </Alert>
      )}
      {!shown && list.isPending ? (
        <Loader />
      ) : !shown ? (
        <Alert color="red">{t('checklists.loadFailed')}</Alert>
      ) : shown.results.length === 0 ? (
        <Text c="dimmed">{t('checklists.home.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {shown.results.map((checklist) => {
            const draft = openDrafts.find((entry) => entry.checklist.id === checklist.id);
            return (
              <Card key={checklist.id} withBorder radius="md" padding="md" data-testid={`checklist-card-${checklist.id}`}>
                <Stack gap={6} h="100%" justify="space-between">
                  <div>
                    <Text fw={700}>{checklist.name}</Text>
                    <Group gap={6} mt={4}>
                      {checklist.category && <Badge variant="light">{checklist.category.name}</Badge>}
                      <Text size="xs" c="dimmed">
                        {t('checklists.home.items', { count: checklist.item_count })}
                      </Text>
                    </Group>
                    {checklist.description && (
                      <Text size="sm" c="dimmed" mt={6} lineClamp={2}>
                        {checklist.description}
                      </Text>
                    )}
                  </div>
                  {checklist.can_execute && (
                    <Button
                      component={Link}
                      to={`/checklists/${encodeURIComponent(checklist.id)}/execute`}
                      size="md"
                      fullWidth
                      leftSection={<IconPlayerPlay size={18} />}
                      variant={draft ? 'filled' : 'light'}
                      data-testid="execute-checklist"
                    >
                      {draft ? t('checklists.home.resume') : t('checklists.home.execute')}
                    </Button>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      {list.data && list.data.count > PAGE_SIZE && <ListFooter count={list.data.count} page={page} pageSize={PAGE_SIZE} onPage={setPage} labels={footer} />}
    </Stack>
  );
}
