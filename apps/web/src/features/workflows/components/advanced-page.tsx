import { ActionIcon, Anchor, Badge, Button, Card, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TWorkflowCategory, TWorkflowType } from '@faena/contracts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useCategories, useCreateCategory, useDeleteCategory, usePatchCategory, useWorkflowTypes } from '../api/workflows-api.ts';

/** /advanced (MANAGE_WF): the process types by category, and the categories themselves. */
export function AdvancedPage() {
  const { t } = useTranslation();
  const types = useWorkflowTypes();
  const categories = useCategories();
  const [showArchived, setShowArchived] = useState(false);
  const all = (types.data?.results ?? []).filter((type) => showArchived || !type.is_archived);
  const sortedCategories = [...(categories.data?.results ?? [])].sort((a, b) => a.position - b.position);
  const groups: { key: string; title: string; types: TWorkflowType[] }[] = [
    ...sortedCategories.map((category) => ({ key: category.id, title: category.name, types: all.filter((type) => type.category?.id === category.id) })),
    { key: 'none', title: t('workflows.advanced.noCategory'), types: all.filter((type) => !type.category) },
  ].filter((group) => group.types.length > 0);

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('workflows.advanced.title')}
        description={t('workflows.advanced.description')}
        actions={
          <Group gap="sm">
            <Button variant="default" onClick={() => setShowArchived((value) => !value)}>
              {showArchived ? t('workflows.advanced.hideArchived') : t('workflows.advanced.showArchived')}
            </Button>
            <Button component={Link} to="/workflows/create/configuration">
              {t('workflows.advanced.create')}
            </Button>
          </Group>
        }
      />
      {types.isPending ? (
        <Loader />
      ) : groups.length === 0 ? (
        <Text c="dimmed">{t('workflows.advanced.empty')}</Text>
      ) : (
        groups.map((group) => (
          <Stack key={group.key} gap="xs" component="section" aria-label={group.title}>
            <Title order={2} fz="lg">
              {group.title}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {group.types.map((type) => (
                <TypeCard key={type.id} type={type} />
              ))}
            </SimpleGrid>
          </Stack>
        ))
      )}
      <CategoriesSection categories={sortedCategories} />
    </Stack>
  );
}

function TypeCard({ type }: { type: TWorkflowType }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="workflow-type-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={`/workflows/${type.id}/administration`} fw={600}>
          {type.icon ? `${type.icon} ` : ''}
          {type.name}
        </Anchor>
        {type.is_archived ? (
          <Badge color="gray">{t('workflows.admin.archived')}</Badge>
        ) : type.active_version ? (
          <Badge color="green">{t('workflows.admin.published')}</Badge>
        ) : (
          <Badge color="yellow">{t('workflows.admin.draft')}</Badge>
        )}
      </Group>
      {type.description && (
        <Text size="sm" c="dimmed" mt={4} lineClamp={2}>
          {type.description}
        </Text>
      )}
    </Card>
  );
}

function CategoriesSection({ categories }: { categories: TWorkflowCategory[] }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const create = useCreateCategory();
  const patch = usePatchCategory();
  const remove = useDeleteCategory();

  const move = (index: number, delta: number) => {
    const order = [...categories];
    const [moved] = order.splice(index, 1);
    if (!moved) return;
    order.splice(index + delta, 0, moved);
    order.forEach((category, position) => {
      if (category.position !== position) patch.mutate({ id: category.id, position });
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="wf-categories">
      <Title order={2} fz="lg" id="wf-categories" mb="sm">
        {t('workflows.categories.title')}
      </Title>
      <Stack gap="xs">
        {categories.map((category, index) => (
          <Group key={category.id} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={t('workflows.categories.name')}
              defaultValue={category.name}
              style={{ flex: 1 }}
              onBlur={(event) => {
                const value = event.currentTarget.value.trim();
                if (value && value !== category.name) patch.mutate({ id: category.id, name: value });
              }}
            />
            <ActionIcon variant="subtle" aria-label={t('workflows.categories.up')} disabled={index === 0} onClick={() => move(index, -1)}>
              <IconArrowUp size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={t('workflows.categories.down')} disabled={index === categories.length - 1} onClick={() => move(index, 1)}>
              <IconArrowDown size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('workflows.categories.delete', { name: category.name })}
              onClick={() =>
                remove.mutate(category.id, {
                  onError: (error) => toast.error(isHttpError(error) && error.code === 'category-not-empty' ? t('workflows.categories.notEmpty') : t('workflows.categories.deleteFailed')),
                })
              }
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            create.mutate(name.trim(), { onSuccess: () => setName('') });
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label={t('workflows.categories.newName')}
              placeholder={t('workflows.categories.newName')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default" loading={create.isPending}>
              {t('workflows.categories.add')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
