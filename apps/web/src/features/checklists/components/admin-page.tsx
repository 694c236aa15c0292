import { ActionIcon, Alert, Anchor, Badge, Button, Group, Grid, Loader, Menu, NavLink, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconArchive, IconArrowDown, IconArrowUp, IconDots, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TChecklistCategory } from '@faena/contracts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { ListFooter } from '../../../shared/ui/list-footer.tsx';
import { confirm } from '../../../shared/ui/modal.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { PAGE_SIZE, useArchiveChecklist, useChecklistCategories, useChecklists, useCreateCategory, useUpdateCategory } from '../api/checklists-api.ts';
import { useFooterLabels } from './use-footer-labels.ts';

function CategoryName({ initial, onSave, onCancel, testId }: { initial: string; onSave: (name: string) => void; onCancel: () => void; testId: string }) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) onSave(name.trim());
      }}
    >
      <Group gap={4} wrap="nowrap">
        <TextInput size="sm" value={name} onChange={(event) => setName(event.currentTarget.value)} aria-label={t('checklists.admin.categoryName')} autoFocus style={{ flex: 1 }} data-testid={testId} />
        <Button size="sm" type="submit" disabled={!name.trim()}>
          {t('common.save')}
        </Button>
        <Button size="sm" variant="subtle" color="gray" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    </form>
  );
}

/** /checklist-administration[/:category_id] — categories and the checklists in them. */
export function AdminPage({ categoryId }: { categoryId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useChecklistCategories(true);
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const archiveChecklist = useArchiveChecklist();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const footer = useFooterLabels();
  const all = categories.data?.results ?? [];
  const active = all.filter((category) => !category.archived).sort((a, b) => a.order - b.order);
  const current = categoryId || active[0]?.id || '';
  const list = useChecklists(current, '', page);
  const currentCategory = all.find((category) => category.id === current);

  const failed = (error: unknown) => toast.error(isHttpError(error) && error.detail ? error.detail : t('checklists.admin.saveFailed'));

  const move = (category: TChecklistCategory, delta: -1 | 1) => {
    const index = active.findIndex((entry) => entry.id === category.id);
    const other = active[index + delta];
    if (!other) return;
    updateCategory.mutate({ id: category.id, body: { order: other.order } }, { onError: failed });
    updateCategory.mutate({ id: other.id, body: { order: category.order } }, { onError: failed });
  };

  const archive = async (category: TChecklistCategory) => {
    const ok = await confirm({
      id: 'checklist-archive-category',
      title: t('checklists.admin.archiveCategory'),
      message: t('checklists.admin.archiveCategoryMessage', { name: category.name }),
      confirmLabel: t('checklists.admin.archive'),
      cancelLabel: t('common.cancel'),
      danger: true,
    }).catch(() => false);
    if (ok) updateCategory.mutate({ id: category.id, body: { archived: true } }, { onError: failed, onSuccess: () => void navigate('/checklist-administration') });
  };

  const archiveOne = async (id: string, name: string) => {
    const ok = await confirm({
      id: 'checklist-archive',
      title: t('checklists.admin.archiveChecklist'),
      message: t('checklists.admin.archiveChecklistMessage', { name }),
      confirmLabel: t('checklists.admin.archive'),
      cancelLabel: t('common.cancel'),
      danger: true,
    }).catch(() => false);
    if (ok) archiveChecklist.mutate(id, { onError: failed });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('checklists.admin.title')}
        actions={
          current ? (
            <Button component={Link} to={`/checklists/create/${encodeURIComponent(current)}`} leftSection={<IconPlus size={18} />} data-testid="new-checklist">
              {t('checklists.admin.newChecklist')}
            </Button>
          ) : undefined
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="md" p="xs" data-testid="categories">
            <Text fw={700} size="sm" px="xs" py={4}>
              {t('checklists.admin.categories')}
            </Text>
            {categories.isPending && <Loader size="sm" />}
            {active.map((category, index) =>
              renaming === category.id ? (
                <CategoryName
                  key={category.id}
                  initial={category.name}
                  testId="category-rename"
                  onCancel={() => setRenaming(null)}
                  onSave={(name) => updateCategory.mutate({ id: category.id, body: { name } }, { onError: failed, onSuccess: () => setRenaming(null) })}
                />
              ) : (
                <Group key={category.id} gap={0} wrap="nowrap">
                  <NavLink
                    component={Link}
                    to={`/checklist-administration/${encodeURIComponent(category.id)}`}
                    label={category.name}
                    description={t('checklists.admin.count', { count: category.checklist_count })}
                    active={category.id === current}
                    style={{ flex: 1, borderRadius: 6 }}
                    onClick={() => setPage(1)}
                    data-testid={`category-${category.name}`}
                  />
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={t('checklists.admin.categoryActions', { name: category.name })}>
                        <IconDots size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setRenaming(category.id)}>
                        {t('checklists.admin.rename')}
                      </Menu.Item>
                      <Menu.Item leftSection={<IconArrowUp size={14} />} disabled={index === 0} onClick={() => move(category, -1)}>
                        {t('checklists.admin.up')}
                      </Menu.Item>
                      <Menu.Item leftSection={<IconArrowDown size={14} />} disabled={index === active.length - 1} onClick={() => move(category, 1)}>
                        {t('checklists.admin.down')}
                      </Menu.Item>
                      <Menu.Item leftSection={<IconArchive size={14} />} color="red" onClick={() => void archive(category)}>
                        {t('checklists.admin.archive')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              ),
            )}
            {adding ? (
              <CategoryName
                initial=""
                testId="category-new-name"
                onCancel={() => setAdding(false)}
                onSave={(name) =>
                  createCategory.mutate(
                    { name, order: active.length ? Math.max(...active.map((entry) => entry.order)) + 1 : 0 },
                    {
                      onError: failed,
                      onSuccess: (made) => {
                        setAdding(false);
                        void navigate(`/checklist-administration/${encodeURIComponent(made.id)}`);
                      },
                    },
                  )
                }
              />
            ) : (
              <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} fullWidth justify="flex-start" mt={4} data-testid="add-category">
                {t('checklists.admin.addCategory')}
              </Button>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="sm">
            {!current ? (
              <Alert color="gray">{t('checklists.admin.noCategory')}</Alert>
            ) : list.isPending ? (
              <Loader />
            ) : list.isError ? (
              <Alert color="red">{t('checklists.loadFailed')}</Alert>
            ) : list.data.results.length === 0 ? (
              <Text c="dimmed">{t('checklists.admin.empty', { category: currentCategory?.name ?? '' })}</Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table striped highlightOnHover data-testid="admin-checklists">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('checklists.admin.name')}</Table.Th>
                      <Table.Th>{t('checklists.admin.version')}</Table.Th>
                      <Table.Th>{t('checklists.admin.items')}</Table.Th>
                      <Table.Th>{t('checklists.admin.passMark')}</Table.Th>
                      <Table.Th>{t('checklists.admin.updated')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.results.map((checklist) => (
                      <Table.Tr key={checklist.id}>
                        <Table.Td>
                          <Anchor component={Link} to={`/checklists/update/${encodeURIComponent(checklist.id)}`} fw={600}>
                            {checklist.name}
                          </Anchor>
                          {checklist.archived && (
                            <Badge ml={6} size="xs" color="gray">
                              {t('checklists.admin.archived')}
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>{checklist.version}</Table.Td>
                        <Table.Td>{checklist.item_count}</Table.Td>
                        <Table.Td>{checklist.pass_mark === null ? '—' : `${checklist.pass_mark} %`}</Table.Td>
                        <Table.Td>{formatDateTime(checklist.updated_at)}</Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap" justify="flex-end">
                            <ActionIcon
                              component={Link}
                              to={`/checklists/update/${encodeURIComponent(checklist.id)}`}
                              variant="subtle"
                              aria-label={t('checklists.admin.edit', { name: checklist.name })}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                            {!checklist.archived && (
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                onClick={() => void archiveOne(checklist.id, checklist.name)}
                                aria-label={t('checklists.admin.archiveOne', { name: checklist.name })}
                              >
                                <IconArchive size={16} />
                              </ActionIcon>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {list.data && <ListFooter count={list.data.count} page={page} pageSize={PAGE_SIZE} onPage={setPage} labels={footer} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
