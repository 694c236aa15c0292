import { useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Stack, Text, Tree, useTree, type TreeNodeData } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconChevronRight, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TLocation } from '@faena/contracts';
import { useCatalogItems } from '../api/get-catalog-item.ts';
import { CATALOG_PAGE_SIZE, useCatalogPage, type StatusFilter } from '../api/get-catalog-page.ts';
import { locationChildrenQueryOptions, useLocationChildren } from '../api/get-location-children.ts';
import { CATALOGS } from '../lib/catalog-defs.ts';
import { generalProblem } from '../lib/server-errors.ts';
import { ListFooter } from './list-footer.tsx';
import { problemText } from './problem-text.ts';
import { RowMenu } from './row-menu.tsx';
import { useClampPage } from './use-clamp-page.ts';

const ROOTS_PER_PAGE = 50;
/** A page with this few roots opens their branches at once. */
const OPEN_ROOTS_UP_TO = 20;

export interface LocationTreeViewProps {
  status: StatusFilter;
  /** Only this venue's locations (the venue's page, or the list's venue filter). */
  venue: string | null;
  search: string;
  canWrite: boolean;
  /** Show each location's venue (not on a venue's own page). */
  showVenue: boolean;
  page: number;
  onPage: (page: number) => void;
  /** What to say when there is nothing at all. */
  empty: ReactNode;
  /** What to say when a search finds nothing (the list's own, with its ways out); `empty` otherwise. */
  noMatches?: ReactNode;
}

/**
 * Locations as a tree (spec forms §3: a location has a parent). The roots come a page at a time
 * (`?parent=none`), a branch's children when it is opened (`?parent={id}`), so a tenant with
 * thousands of locations loads only what is shown. A search lists the matches flat, each with the
 * location it sits in.
 */
export function LocationTreeView(props: LocationTreeViewProps) {
  if (props.search.trim()) return <LocationMatches {...props} />;
  // Another filter is another tree: its opened branches start afresh.
  return <LocationBranches key={`${props.status}|${props.venue ?? ''}`} {...props} />;
}

function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={problemText(t, generalProblem(error))}>
      <Button variant="light" color="red" size="xs" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

/** One location's line: its name (to its page), code, state, venue (roots) or parent (matches), and the writer's menu. */
function LocationLine({ location, canWrite, context, lead }: { location: TLocation; canWrite: boolean; context?: string | null; lead: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {lead}
      {/* on a phone the context (the venue, where a match sits) takes the next line: two "Andenes" of two venues stay apart */}
      <Group gap={6} wrap="wrap" style={{ minWidth: 0, flex: 1, rowGap: 0 }}>
        <Anchor component={Link} to={`${CATALOGS.locations.path}/${location.id}`} fw={500} underline="hover" c={location.is_active ? undefined : 'dimmed'} onClick={(event) => event.stopPropagation()}>
          {location.name}
        </Anchor>
        <Text size="sm" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {location.code}
        </Text>
        {!location.is_active && (
          <Badge color="gray" variant="light" size="sm">
            {t('catalogs.status.deletedOne')}
          </Badge>
        )}
        {context && (
          <Text size="sm" c="dimmed" w={{ base: '100%', sm: 'auto' }} style={{ minWidth: 0 }} truncate>
            <Box component="span" visibleFrom="sm">
              ·{' '}
            </Box>
            {context}
          </Text>
        )}
      </Group>
      {canWrite && (
        <div style={{ marginLeft: 'auto' }} onClick={(event) => event.stopPropagation()}>
          <RowMenu def={CATALOGS.locations} record={location} />
        </div>
      )}
    </>
  );
}

const pin = (
  <span style={{ width: 22, display: 'inline-flex', justifyContent: 'center', flexShrink: 0 }} aria-hidden>
    <IconMapPin size={16} stroke={1.6} color="var(--mantine-color-dimmed)" />
  </span>
);

function LocationBranches({ status, venue, canWrite, showVenue, page, onPage, empty }: LocationTreeViewProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const roots = useCatalogPage(CATALOGS.locations, { search: '', status, page, pageSize: ROOTS_PER_PAGE, filters: { parent: 'none', ...(venue ? { venue } : {}) } });
  const rootRows = roots.data?.results as TLocation[] | undefined;
  useClampPage(roots.data?.count, page, ROOTS_PER_PAGE, onPage);
  // Branches whose children were asked for (opened once; they stay cached when folded again).
  const [opened, setOpened] = useState<string[]>([]);
  const open = (id: string) => setOpened((list) => (list.includes(id) ? list : [...list, id]));
  const tree = useTree({ onNodeExpand: open });
  const children = useLocationChildren(opened, status);

  // A short first page opens its branches (one level) without a click.
  const [autoOpenedFor, setAutoOpenedFor] = useState<number | null>(null);
  if (rootRows && !roots.isPlaceholderData && autoOpenedFor !== page) {
    setAutoOpenedFor(page);
    if (rootRows.length <= OPEN_ROOTS_UP_TO) {
      const ids = rootRows.filter((row) => row.children_count > 0).map((row) => row.id);
      setOpened((list) => [...new Set([...list, ...ids])]);
      tree.setExpandedState({ ...tree.expandedState, ...Object.fromEntries(ids.map((id) => [id, true])) });
    }
  }

  // Stable while nothing changes: Mantine's Tree re-initialises whenever `data` changes identity.
  const data = useMemo(() => {
    const byParent = new Map(opened.map((id, index) => [id, children.lists[index]]));
    const node = (location: TLocation): TreeNodeData => {
      const kids = byParent.get(location.id);
      return { value: location.id, label: location.name, nodeProps: { location }, hasChildren: location.children_count > 0, ...(kids ? { children: kids.map(node) } : {}) };
    };
    return (rootRows ?? []).map(node);
  }, [rootRows, opened, children]);

  if (roots.isLoading) return <Loader aria-label={t('common.loading')} />;
  if (roots.isError) return <LoadFailure error={roots.error} onRetry={() => void roots.refetch()} />;
  if (!roots.data || roots.data.count === 0) return <>{empty}</>;

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="xs" style={{ opacity: roots.isPlaceholderData ? 0.6 : 1 }}>
        <Tree
          data={data}
          tree={tree}
          expandOnClick={false}
          levelOffset="lg"
          withLines
          aria-label={t('catalogs.kinds.locations.title')}
          data-testid="location-tree"
          renderNode={({ node, expanded, hasChildren, isRoot, elementProps }) => {
            const location = (node.nodeProps as { location: TLocation }).location;
            const index = opened.indexOf(location.id);
            const failed = index >= 0 && children.failed[index];
            const loading = expanded && hasChildren && !node.children && !failed;
            const lead = !hasChildren ? (
              pin
            ) : failed ? (
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                tabIndex={-1}
                aria-label={t('catalogs.locations.retryChildren', { name: location.name })}
                onClick={(event) => {
                  event.stopPropagation();
                  void client.refetchQueries({ queryKey: locationChildrenQueryOptions(location.id, status).queryKey });
                }}
              >
                <IconAlertTriangle size={16} />
              </ActionIcon>
            ) : loading ? (
              <span style={{ width: 22, display: 'inline-flex', justifyContent: 'center', flexShrink: 0 }}>
                <Loader size={14} aria-label={t('common.loading')} />
              </span>
            ) : (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                tabIndex={-1}
                aria-label={expanded ? t('catalogs.locations.collapse', { name: location.name }) : t('catalogs.locations.expand', { name: location.name })}
                onClick={(event) => {
                  event.stopPropagation();
                  tree.toggleExpanded(location.id);
                }}
              >
                <IconChevronRight size={16} style={{ transform: expanded ? 'rotate(90deg)' : 'none', transition: 'transform 120ms' }} />
              </ActionIcon>
            );
            return (
              <Group {...elementProps} gap={6} wrap="nowrap" py={4} pr={4} data-testid="location-node" data-code={location.code}>
                <LocationLine location={location} canWrite={canWrite} context={showVenue && isRoot ? location.venue_name : null} lead={lead} />
              </Group>
            );
          }}
        />
      </Paper>
      <ListFooter count={roots.data.count} page={page} pageSize={ROOTS_PER_PAGE} onPage={onPage} roots />
    </Stack>
  );
}

/** A search: the matching locations, flat, each with the location it sits in and its venue. */
function LocationMatches({ status, venue, search, canWrite, showVenue, page, onPage, empty, noMatches }: LocationTreeViewProps) {
  const { t } = useTranslation();
  const matches = useCatalogPage(CATALOGS.locations, { search, status, page, ...(venue ? { filters: { venue } } : {}) });
  const rows = (matches.data?.results ?? []) as TLocation[];
  useClampPage(matches.data?.count, page, CATALOG_PAGE_SIZE, onPage);
  const parentIds = [...new Set(rows.flatMap((row) => (row.parent ? [row.parent] : [])))];
  const parents = useCatalogItems(CATALOGS.locations, parentIds);
  const parentName = (id: string | null) => (id ? parents[parentIds.indexOf(id)]?.data?.name : undefined);

  if (matches.isLoading) return <Loader aria-label={t('common.loading')} />;
  if (matches.isError) return <LoadFailure error={matches.error} onRetry={() => void matches.refetch()} />;
  if (!matches.data || matches.data.count === 0) return <>{noMatches ?? empty}</>;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="xs" style={{ opacity: matches.isPlaceholderData ? 0.6 : 1 }}>
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="location-matches">
          {rows.map((location) => {
            const inside = parentName(location.parent);
            const context = [inside ? t('catalogs.locations.inside', { name: inside }) : null, showVenue ? location.venue_name : null].filter(Boolean).join(' · ');
            return (
              <Group component="li" key={location.id} gap={6} wrap="nowrap" py={4} pr={4} data-testid="location-node" data-code={location.code}>
                <LocationLine location={location} canWrite={canWrite} context={context || null} lead={pin} />
              </Group>
            );
          })}
        </Stack>
      </Paper>
      <ListFooter count={matches.data.count} page={page} pageSize={CATALOG_PAGE_SIZE} onPage={onPage} />
    </Stack>
  );
}
