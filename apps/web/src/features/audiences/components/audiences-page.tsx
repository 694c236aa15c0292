import { Anchor, Button, Group, Loader, Menu, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TAudience } from '@faena/contracts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { RowActions } from '../../../shared/ui/row-actions.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useDeleteAudience } from '../api/delete-audience.ts';
import { AUDIENCES_PAGE_SIZE, useAudiences } from '../api/get-audiences.ts';
import { confirmDeleteAudience } from './confirm-delete-audience.tsx';
import { RulesSummary } from './rules-summary.tsx';

/** /audiences: named groups of people defined by rules (VIEW_PEOPLE; writes MANAGE_PEOPLE). */
export function AudiencesPage({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const audiences = useAudiences(debounced, page);
  const remove = useDeleteAudience();
  const pages = Math.max(1, Math.ceil((audiences.data?.count ?? 0) / AUDIENCES_PAGE_SIZE));
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('page', String(next));
      return copy;
    });

  const onDelete = async (audience: TAudience) => {
    if (!(await confirmDeleteAudience(audience, t))) return;
    remove.mutate(audience.id, {
      onSuccess: () => toast.show(t('audiences.deleted', { name: audience.name })),
      onError: () => toast.error(t('audiences.errors.delete')),
    });
  };

  const rows = audiences.data?.results ?? [];
  return (
    <Stack gap="md">
      <PageHeader
        title={t('audiences.title')}
        description={t('audiences.description')}
        actions={
          canManage ? (
            <Button component={Link} to="/audiences/new" leftSection={<IconPlus size={16} />}>
              {t('audiences.new')}
            </Button>
          ) : null
        }
      />
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('audiences.searchPlaceholder')}
        aria-label={t('audiences.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          if (page !== 1) setPage(1);
        }}
        maw={420}
      />
      {audiences.isLoading ? <Loader /> : null}
      {audiences.isError ? <Text c="red">{t('audiences.errors.load')}</Text> : null}
      {audiences.data && rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            {debounced ? t('audiences.noMatch', { search: debounced }) : t('audiences.empty')}
          </Text>
        </Paper>
      ) : null}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((audience) => (
          <Paper component="li" key={audience.id} withBorder radius="md" p="md" data-testid="audience-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/audiences/${audience.id}`} fw={600} underline="hover">
                  {audience.name}
                </Anchor>
                {audience.description ? (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {audience.description}
                  </Text>
                ) : null}
                <RulesSummary rules={audience.rules} />
              </Stack>
              {canManage ? (
                <RowActions label={t('audiences.actionsOf', { name: audience.name })}>
                  <Menu.Item component={Link} to={`/audiences/${audience.id}`} leftSection={<IconPencil size={16} />}>
                    {t('audiences.edit')}
                  </Menu.Item>
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void onDelete(audience)}>
                    {t('audiences.delete')}
                  </Menu.Item>
                </RowActions>
              ) : null}
            </Group>
          </Paper>
        ))}
      </Stack>
      {audiences.data && rows.length > 0 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('audiences.count', { count: audiences.data.count })}
          </Text>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" getControlProps={(control) => ({ 'aria-label': t(`audiences.pagination.${control}`) })} /> : null}
        </Group>
      ) : null}
    </Stack>
  );
}
