import { Anchor, Avatar, Badge, Button, Group, Loader, Menu, Pagination, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHierarchy2, IconPencil, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TPosition } from '@faena/contracts';
import { ACCESS } from '../../../shared/access/access.ts';
import { useCanAccess } from '../../../shared/session/get-site-config.ts';
import { chartHref } from '../../../shared/directory/hrefs.ts';
import { ListToolbar } from '../../../shared/ui/list-toolbar.tsx';
import { NoMatches } from '../../../shared/ui/no-matches.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { RowActions } from '../../../shared/ui/row-actions.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { UserAvatar } from '../../../shared/ui/user-avatar.tsx';
import { useDeletePosition } from '../api/delete-position.ts';
import { useOrgChart } from '../api/get-org-chart.ts';
import { HOLDER_FILTERS, POSITIONS_PAGE_SIZE, usePositions, type HolderFilter } from '../api/get-positions.ts';
import { confirmDeletePosition } from './confirm-delete.tsx';

/** /positions: the positions, searchable and paged, with their editing (MANAGE_ORG_CHART). */
export function PositionsPage() {
  const { t } = useTranslation();
  // search, vacancy filter and page live in the address: back from a position returns to them
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const rawHolders = params.get('holders');
  const holders: HolderFilter = (HOLDER_FILTERS as readonly string[]).includes(rawHolders ?? '') ? (rawHolders as HolderFilter) : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const positions = usePositions(search, holders, page);
  const chart = useOrgChart();
  // the chart has its own flag (off in production): positions are managed without it
  const canSeeChart = useCanAccess(ACCESS.orgChart);
  const titles = useMemo(() => new Map(chart.data?.nodes.map((node) => [node.id, node.title]) ?? []), [chart.data]);
  const isDesktop = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  const remove = useDeletePosition();
  const pages = Math.max(1, Math.ceil((positions.data?.count ?? 0) / POSITIONS_PAGE_SIZE));

  const update = (patch: { search?: string; holders?: HolderFilter; page?: number }) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        const put = (key: string, value: string, fallback: string) => (value === fallback ? copy.delete(key) : copy.set(key, value));
        if (patch.search !== undefined) put('search', patch.search.trim(), '');
        if (patch.holders !== undefined) put('holders', patch.holders, 'all');
        // a new search or filter starts again at page 1
        put('page', String(patch.page ?? 1), '1');
        return copy;
      },
      { replace: patch.page === undefined },
    );
  const setPage = (next: number) => update({ page: next });

  const onDelete = async (position: TPosition) => {
    if (!(await confirmDeletePosition(position, t))) return;
    remove.mutate(position.id, {
      onSuccess: () => toast.show(t('positions.deleted', { title: position.title })),
      onError: () => toast.error(t('positions.errors.delete')),
    });
  };

  const rows = positions.data?.results ?? [];
  return (
    <Stack gap="md">
      <PageHeader
        title={t('positions.title')}
        description={t('positions.description')}
        actions={
          <Group gap="sm">
            {canSeeChart && (
              <Button variant="default" component={Link} to="/org-chart" leftSection={<IconHierarchy2 size={16} />}>
                {t('positions.viewChart')}
              </Button>
            )}
            <Button variant="default" component={Link} to="/positions/upload" leftSection={<IconUpload size={16} />}>
              {t('positions.bulkLoad')}
            </Button>
            <Button component={Link} to="/positions/new" leftSection={<IconPlus size={16} />}>
              {t('positions.new')}
            </Button>
          </Group>
        }
      />
      <ListToolbar
        search={search}
        status={holders}
        statuses={HOLDER_FILTERS}
        onSearch={(next) => update({ search: next })}
        onStatus={(next) => update({ holders: next })}
        labels={{ search: t('positions.searchPlaceholder'), clearSearch: t('common.clearSearch'), status: t('positions.holders.label'), option: (value) => t(`positions.holders.${value}`) }}
        searchTestId="positions-search"
        statusTestId="positions-holders"
      />
      {positions.isLoading ? <Loader /> : null}
      {positions.isError ? <Text c="red">{t('positions.errors.load')}</Text> : null}
      {positions.data && rows.length === 0 ? (
        <Paper withBorder radius="md" p={search ? undefined : 'xl'}>
          {search ? (
            <NoMatches text={t('positions.noMatch', { search })} onClear={() => update({ search: '' })} testId="positions-no-matches" />
          ) : (
            <Text c="dimmed" ta="center" data-testid="positions-empty">
              {holders === 'all' ? t('positions.empty') : t(`positions.holders.none.${holders}`)}
            </Text>
          )}
        </Paper>
      ) : null}
      {rows.length > 0 && isDesktop ? (
        <Paper withBorder radius="md">
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('positions.fields.title')}</Table.Th>
                <Table.Th>{t('positions.fields.department')}</Table.Th>
                <Table.Th>{t('positions.fields.parents')}</Table.Th>
                <Table.Th>{t('positions.fields.people')}</Table.Th>
                <Table.Th>{t('positions.sections.defaults')}</Table.Th>
                <Table.Th w={60}>
                  <VisuallyHidden>{t('positions.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((position) => (
                <Table.Tr key={position.id} data-testid="position-row">
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Anchor component={Link} to={`/positions/${position.id}`} fw={600} underline="hover">
                        {position.title}
                      </Anchor>
                      {position.is_root ? (
                        <Badge size="xs" variant="light">
                          {t('positions.root')}
                        </Badge>
                      ) : null}
                    </Group>
                    {position.code ? (
                      <Text size="xs" c="dimmed">
                        {position.code}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{position.department ?? <Text c="dimmed">—</Text>}</Table.Td>
                  <Table.Td>
                    <ParentsText parents={position.parents} titles={titles} />
                  </Table.Td>
                  <Table.Td>
                    <People position={position} />
                  </Table.Td>
                  <Table.Td>
                    <Defaults keys={position.default_permission_list} />
                  </Table.Td>
                  <Table.Td>
                    <RowMenu position={position} onDelete={() => void onDelete(position)} canSeeChart={canSeeChart} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
      {rows.length > 0 && !isDesktop ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((position) => (
            <Paper component="li" key={position.id} withBorder radius="md" p="sm" data-testid="position-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/positions/${position.id}`} fw={600} underline="hover">
                    {position.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {[position.department, position.code].filter(Boolean).join(' · ') || t('positions.noDepartment')}
                  </Text>
                  <ParentsText parents={position.parents} titles={titles} prefix />
                  <Group gap="sm">
                    <People position={position} />
                    <Defaults keys={position.default_permission_list} />
                  </Group>
                </Stack>
                <RowMenu position={position} onDelete={() => void onDelete(position)} canSeeChart={canSeeChart} />
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
      {pages > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('positions.count', { count: positions.data?.count ?? 0 })}
          </Text>
          <Pagination total={pages} value={page} onChange={setPage} size="sm" getControlProps={(control) => ({ 'aria-label': t(`positions.pagination.${control}`) })} />
        </Group>
      ) : positions.data && rows.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t('positions.count', { count: positions.data.count })}
        </Text>
      ) : null}
    </Stack>
  );
}

function ParentsText({ parents, titles, prefix = false }: { parents: readonly string[]; titles: ReadonlyMap<string, string>; prefix?: boolean }) {
  const { t } = useTranslation();
  if (parents.length === 0) return prefix ? null : <Text c="dimmed">—</Text>;
  const text = parents.map((id) => titles.get(id) ?? '…').join(', ');
  return <Text size="sm">{prefix ? t('positions.reportsTo', { titles: text }) : text}</Text>;
}

function People({ position }: { position: TPosition }) {
  const { t } = useTranslation();
  if (position.people_count === 0)
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('positions.vacant')}
      </Text>
    );
  return (
    <Tooltip
      label={position.people.map((person) => person.name).join(', ') + (position.people_count > position.people.length ? ` +${position.people_count - position.people.length}` : '')}
      multiline
      maw={320}
    >
      <Group gap={6} wrap="nowrap" aria-label={t('positions.peopleCount', { count: position.people_count })} tabIndex={0} role="group">
        <Avatar.Group spacing={5}>
          {position.people.slice(0, 3).map((person) => (
            <UserAvatar key={person.id} name={person.name} picture={person.picture} size={26} />
          ))}
        </Avatar.Group>
        <Text size="sm">{position.people_count}</Text>
      </Group>
    </Tooltip>
  );
}

function Defaults({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation();
  if (keys.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('positions.noDefaultsShort')}
      </Text>
    );
  return (
    <Tooltip label={keys.map((key) => t(`directory.permissions.${key}`, { defaultValue: key })).join(', ')} multiline maw={320}>
      <Badge variant="light" color="gray" tt="none" tabIndex={0}>
        {t('positions.defaultsCount', { count: keys.length })}
      </Badge>
    </Tooltip>
  );
}

function RowMenu({ position, onDelete, canSeeChart }: { position: TPosition; onDelete: () => void; canSeeChart: boolean }) {
  const { t } = useTranslation();
  return (
    <RowActions label={t('positions.actionsOf', { title: position.title })}>
      <Menu.Item component={Link} to={`/positions/${position.id}`} leftSection={<IconPencil size={16} />}>
        {t('positions.edit')}
      </Menu.Item>
      {canSeeChart && (
        <Menu.Item component={Link} to={chartHref(position.id)} leftSection={<IconHierarchy2 size={16} />}>
          {t('positions.showOnChart')}
        </Menu.Item>
      )}
      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
        {t('positions.delete')}
      </Menu.Item>
    </RowActions>
  );
}
