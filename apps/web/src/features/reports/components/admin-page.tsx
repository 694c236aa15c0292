import { ActionIcon, Alert, Badge, Button, Card, Grid, Group, Loader, Menu, NavLink, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDots, IconEye, IconLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { TReport } from '@faena/contracts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { confirm, openModal } from '../../../shared/ui/modal.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useCategories, useReportsList } from '../api/get-reports.ts';
import { useCategoryMutations, useDeleteReport } from '../api/save-report.ts';
import { BiConnectionsPanel } from './bi-connections-panel.tsx';
import { PublicLinksModal } from './public-links-modal.tsx';

/** Asks for a category's name (a small form of its own). */
function askName(title: string, label: string, save: string, cancel: string, initial = ''): Promise<string | null> {
  return openModal<string | null>({
    id: 'report-category-name',
    title,
    size: 'sm',
    dismissValue: null,
    render: (answer) => <NameForm initial={initial} label={label} save={save} cancel={cancel} onAnswer={answer} />,
  });
}

function NameForm({ initial, label, save, cancel, onAnswer }: { initial: string; label: string; save: string; cancel: string; onAnswer: (value: string | null) => void }) {
  const [name, setName] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) onAnswer(name.trim());
      }}
    >
      <Stack gap="md">
        <TextInput label={label} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={120} data-autofocus data-testid="report-category-name" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onAnswer(null)}>
            {cancel}
          </Button>
          <Button type="submit" disabled={!name.trim()} data-testid="report-category-save">
            {save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReportRow({ report, onLinks }: { report: TReport; onLinks: (report: TReport) => void }) {
  const { t } = useTranslation();
  const remove = useDeleteReport();
  const del = async () => {
    const ok = await confirm({
      id: 'report-delete',
      title: t('reports.admin.deleteTitle'),
      message: t('reports.admin.deleteMessage', { title: report.title }),
      confirmLabel: t('reports.admin.delete'),
      cancelLabel: t('reports.cancel'),
      danger: true,
    });
    if (ok) await remove.mutateAsync(report.id);
  };
  return (
    <Card withBorder radius="md" padding="sm" data-testid="admin-report">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {report.title}
          </Text>
          <Group gap={6}>
            <Badge size="sm" variant="light">
              {report.kind === 'builtin' ? t(`reports.chart.kinds.${report.chart ?? 'unknown'}`) : t(`reports.kind.${report.kind}`)}
            </Badge>
            <Badge size="sm" variant="outline" color="gray">
              {report.audience ? report.audience.name : t('reports.everyone')}
            </Badge>
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon component={Link} to={`/reports/list?report=${encodeURIComponent(report.id)}`} variant="subtle" size="lg" aria-label={t('reports.admin.view')}>
            <IconEye size={18} />
          </ActionIcon>
          {report.kind === 'builtin' && (
            <ActionIcon variant="subtle" size="lg" onClick={() => onLinks(report)} aria-label={t('reports.links.open')} data-testid="report-links-open">
              <IconLink size={18} />
            </ActionIcon>
          )}
          <ActionIcon
            component={Link}
            to={`/reports/categories/${encodeURIComponent(report.category.id)}/tableau/${encodeURIComponent(report.id)}/update`}
            variant="subtle"
            size="lg"
            aria-label={t('reports.admin.edit')}
          >
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="lg" onClick={() => void del()} aria-label={t('reports.admin.delete')} loading={remove.isPending}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}

/** /reports/administration[/{category_id}]: categories (create, rename, order, delete), their reports, BI connections. */
export function AdminPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { category_id: categoryParam } = useParams();
  const categories = useCategories();
  const list = useReportsList();
  const mutations = useCategoryMutations();
  const [linksFor, setLinksFor] = useState<TReport | null>(null);
  const items = categories.data?.results ?? [];
  const current = items.find((c) => c.id === categoryParam) ?? items[0];

  const create = async () => {
    const name = await askName(t('reports.admin.newCategory'), t('reports.admin.categoryName'), t('reports.admin.save'), t('reports.cancel'));
    if (!name) return;
    const category = await mutations.create.mutateAsync(name);
    void navigate(`/reports/administration/${category.id}`);
  };
  const rename = async (id: string, name: string) => {
    const next = await askName(t('reports.admin.rename'), t('reports.admin.categoryName'), t('reports.admin.save'), t('reports.cancel'), name);
    if (next && next !== name) await mutations.rename.mutateAsync({ id, name: next });
  };
  const move = async (index: number, delta: number) => {
    const ids = items.map((c) => c.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved!);
    await mutations.order.mutateAsync(ids);
  };
  const remove = async (id: string, name: string) => {
    const ok = await confirm({
      id: 'report-category-delete',
      title: t('reports.admin.deleteCategoryTitle'),
      message: t('reports.admin.deleteCategoryMessage', { name }),
      confirmLabel: t('reports.admin.delete'),
      cancelLabel: t('reports.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await mutations.remove.mutateAsync(id);
      void navigate('/reports/administration');
    } catch (error) {
      toast.error(isHttpError(error) && error.status === 409 ? t('reports.admin.categoryInUse') : t('reports.errors.save'));
    }
  };

  return (
    <Stack gap="md">
      <BackLink to="/reports/list">{t('reports.back')}</BackLink>
      <PageHeader
        title={t('reports.admin.title')}
        actions={
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => void create()} data-testid="report-category-new">
            {t('reports.admin.newCategory')}
          </Button>
        }
      />
      <Tabs defaultValue="reports" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="reports">{t('reports.admin.tabs.reports')}</Tabs.Tab>
          <Tabs.Tab value="bi" data-testid="report-bi-tab">
            {t('reports.admin.tabs.bi')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reports">
          {categories.isPending || list.isPending ? (
            <Loader aria-label={t('reports.loading')} />
          ) : categories.isError || list.isError ? (
            <Alert color="red">{t('reports.errors.list')}</Alert>
          ) : items.length === 0 ? (
            <Text c="dimmed" data-testid="report-categories-empty">
              {t('reports.admin.noCategories')}
            </Text>
          ) : (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Stack gap={4} component="nav" aria-label={t('reports.admin.categories')}>
                  {items.map((category, index) => (
                    <Group key={category.id} gap={4} wrap="nowrap">
                      <NavLink
                        component={Link}
                        to={`/reports/administration/${category.id}`}
                        active={category.id === current?.id}
                        label={category.name}
                        rightSection={
                          <Badge size="sm" variant="light" color="gray">
                            {category.report_count}
                          </Badge>
                        }
                        style={{ borderRadius: 8, minHeight: 44 }}
                        data-testid="report-category"
                      />
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" size="lg" aria-label={t('reports.admin.categoryActions', { name: category.name })}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => void rename(category.id, category.name)}>
                            {t('reports.admin.rename')}
                          </Menu.Item>
                          <Menu.Item leftSection={<IconArrowUp size={16} />} disabled={index === 0} onClick={() => void move(index, -1)}>
                            {t('reports.admin.moveUp')}
                          </Menu.Item>
                          <Menu.Item leftSection={<IconArrowDown size={16} />} disabled={index === items.length - 1} onClick={() => void move(index, 1)}>
                            {t('reports.admin.moveDown')}
                          </Menu.Item>
                          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void remove(category.id, category.name)}>
                            {t('reports.admin.delete')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  ))}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                {current && (
                  <Stack gap="sm">
                    <Group justify="space-between" gap="sm">
                      <Title order={2} fz="lg">
                        {current.name}
                      </Title>
                      <Button component={Link} to={`/reports/administration/create/${current.id}`} leftSection={<IconPlus size={16} />} data-testid="report-new">
                        {t('reports.admin.newReport')}
                      </Button>
                    </Group>
                    {list.data.results.filter((r) => r.category.id === current.id).length === 0 ? (
                      <Text c="dimmed">{t('reports.admin.noReports')}</Text>
                    ) : (
                      list.data.results.filter((r) => r.category.id === current.id).map((report) => <ReportRow key={report.id} report={report} onLinks={setLinksFor} />)
                    )}
                  </Stack>
                )}
              </Grid.Col>
            </Grid>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="bi">
          <BiConnectionsPanel />
        </Tabs.Panel>
      </Tabs>
      {linksFor && <PublicLinksModal report={linksFor} onClose={() => setLinksFor(null)} />}
    </Stack>
  );
}
