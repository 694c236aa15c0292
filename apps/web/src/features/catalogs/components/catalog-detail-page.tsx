import { Fragment, useState } from 'react';
import { Anchor, Button, DataList, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { RecordTitle } from '../../../shared/ui/record-title.tsx';
import { useCatalogItem, useCatalogUsage } from '../api/get-catalog-item.ts';
import { useCatalogPage } from '../api/get-catalog-page.ts';
import { CATALOGS, isCatalogEnabled, visibleFields, type CatalogDef, type CatalogRecord } from '../lib/catalog-defs.ts';
import { usePeopleOfHref } from '../../../shared/directory/hrefs.ts';
import { usageParts } from '../lib/usage-text.ts';
import { FieldValue } from './field-value.tsx';
import { LoadProblem } from './load-problem.tsx';
import { LocationTreeView } from './location-tree-view.tsx';
import { useActiveToggle } from './use-active-toggle.ts';
import { useCatalogAccess } from './use-catalog-access.ts';
import { DeleteButton } from '../../../shared/ui/delete-button.tsx';

/** /{catalogue}/:id: every field of the row; writers edit, delete or restore it. */
export function CatalogDetailPage({ def, id }: { def: CatalogDef; id: string }) {
  const { t } = useTranslation();
  const record = useCatalogItem(def, id);
  if (record.isLoading) return <Loader aria-label={t('common.loading')} />;
  // A failed read again (back on the tab) keeps what is shown.
  if (!record.data) return <LoadProblem def={def} error={record.error} onRetry={() => void record.refetch()} />;
  return <Detail def={def} record={record.data} />;
}

function Detail({ def, record }: { def: CatalogDef; record: CatalogRecord }) {
  const { t } = useTranslation();
  const { canWrite, disabledModules } = useCatalogAccess();
  const { remove, restore, isPending } = useActiveToggle(def);
  const fields = visibleFields(def, disabledModules).filter((field) => field.name !== 'name');
  const kind = `catalogs.kinds.${def.i18n}`;

  return (
    <Stack gap="md">
      <BackLink to={def.path}>{t(`${kind}.title`)}</BackLink>
      <PageHeader
        title={<RecordTitle name={record.name} deleted={!record.is_active} deletedLabel={t('catalogs.status.deletedOne')} />}
        description={t(`${kind}.one`)}
        actions={
          canWrite ? (
            <Group gap="sm">
              {record.is_active ? (
                <>
                  <DeleteButton onClick={() => void remove(record)} loading={isPending} data-testid="detail-delete">
                    {t('catalogs.actions.delete')}
                  </DeleteButton>
                  <Button component={Link} to={`${def.path}/${record.id}/edit`} leftSection={<IconPencil size={16} />} data-testid="detail-edit">
                    {t('catalogs.actions.edit')}
                  </Button>
                </>
              ) : (
                <Button leftSection={<IconRestore size={16} />} onClick={() => void restore(record)} loading={isPending} data-testid="detail-restore">
                  {t('catalogs.actions.restore')}
                </Button>
              )}
            </Group>
          ) : null
        }
      />
      {canWrite && <UsageLine def={def} record={record} />}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <DataList orientation="horizontal" labelWidth="14rem" withDivider data-testid="detail-fields" styles={{ item: { flexWrap: 'wrap', rowGap: 4 } }}>
          {fields.map((field) => (
            <DataList.Item key={field.name} data-field={field.name}>
              <DataList.ItemLabel>{t(`catalogs.fields.${field.name}`)}</DataList.ItemLabel>
              <DataList.ItemValue style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <FieldValue field={field} record={record} />
              </DataList.ItemValue>
            </DataList.Item>
          ))}
          <DataList.Item>
            <DataList.ItemLabel>{t('catalogs.fields.created_at')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(record.created_at)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('catalogs.fields.updated_at')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(record.updated_at)}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Paper>
      {def.key === 'venues' && isCatalogEnabled('locations', disabledModules) && <VenueLocations venue={record} canWrite={canWrite} />}
      {def.key === 'locations' && <SubLocations location={record} canWrite={canWrite} />}
    </Stack>
  );
}

function SectionHeader({ title, action }: { title: string; action?: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" mt="md">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {action}
    </Group>
  );
}

/** A venue's locations, as a tree, with the way to add one to it. */
function VenueLocations({ venue, canWrite }: { venue: CatalogRecord; canWrite: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <Stack gap="sm" data-testid="venue-locations">
      <SectionHeader
        title={t('catalogs.kinds.locations.title')}
        action={
          canWrite && venue.is_active ? (
            <Button variant="light" size="sm" component={Link} to={`${CATALOGS.locations.path}/create?venue=${venue.id}`} leftSection={<IconPlus size={16} />} data-testid="venue-add-location">
              {t('catalogs.kinds.locations.new')}
            </Button>
          ) : null
        }
      />
      <LocationTreeView
        status="active"
        venue={venue.id}
        search=""
        canWrite={canWrite}
        showVenue={false}
        page={page}
        onPage={setPage}
        empty={
          <Text c="dimmed" size="sm">
            {t('catalogs.locations.noneInVenue')}
          </Text>
        }
      />
    </Stack>
  );
}

/** The locations directly inside this one. */
function SubLocations({ location, canWrite }: { location: CatalogRecord; canWrite: boolean }) {
  const { t } = useTranslation();
  const children = useCatalogPage(CATALOGS.locations, { search: '', status: 'active', page: 1, pageSize: 200, filters: { parent: location.id } });
  const venue = typeof location.venue === 'string' ? `&venue=${location.venue}` : '';
  return (
    <Stack gap="sm" data-testid="sub-locations">
      <SectionHeader
        title={t('catalogs.locations.children')}
        action={
          canWrite && location.is_active ? (
            <Button variant="light" size="sm" component={Link} to={`${CATALOGS.locations.path}/create?parent=${location.id}${venue}`} leftSection={<IconPlus size={16} />}>
              {t('catalogs.locations.newChild')}
            </Button>
          ) : null
        }
      />
      {children.isLoading ? (
        <Loader size="sm" />
      ) : children.data && children.data.results.length > 0 ? (
        <Paper withBorder radius="md" p="sm">
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {children.data.results.map((child) => (
              <Group component="li" key={child.id} gap="xs">
                <Anchor component={Link} to={`${CATALOGS.locations.path}/${child.id}`} underline="hover">
                  {child.name}
                </Anchor>
                <Text size="sm" c="dimmed" ff="monospace">
                  {child.code}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : (
        <Text c="dimmed" size="sm">
          {t('catalogs.locations.noChildren')}
        </Text>
      )}
    </Stack>
  );
}

/** Where the sentence puts the list of usages (the sentence's words stay the locale's). */
const USED = '\u0000';

/**
 * What still points at the record (writers: it is what deleting it would leave naming it). The
 * persons open the people list filtered by the record, for whoever may see people.
 */
function UsageLine({ def, record }: { def: CatalogDef; record: CatalogRecord }) {
  const { t } = useTranslation();
  const usage = useCatalogUsage(def, record.id, true);
  const peopleOf = usePeopleOfHref();
  if (!usage.data) return null;
  const parts = usageParts(t, usage.data);
  if (parts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="catalog-usage">
        {t('catalogs.usage.unused')}
      </Text>
    );
  }
  const [before = '', after = ''] = t('catalogs.usage.inUse', { used: USED }).split(USED);
  const peopleHref = def.peopleFilter ? peopleOf(def.peopleFilter, record.id, record.name) : null;
  return (
    <Text size="sm" c="dimmed" data-testid="catalog-usage">
      {before}
      {parts.map(({ kind, text }, index) => (
        <Fragment key={kind}>
          {index > 0 && ' · '}
          {kind === 'persons' && peopleHref ? (
            <Anchor component={Link} to={peopleHref} size="sm" data-testid="catalog-usage-persons">
              {text}
            </Anchor>
          ) : (
            text
          )}
        </Fragment>
      ))}
      {after}
    </Text>
  );
}
