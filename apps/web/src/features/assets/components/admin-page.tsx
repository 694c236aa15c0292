import { ActionIcon, Alert, Badge, Button, Card, ColorInput, Group, Loader, Modal, NavLink, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TAssetCategory } from '@faena/contracts/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useAssetTypes, useCategories, useCreateCategory, useCreateType, useDeleteCategory, useUpdateCategory } from '../api/assets-api.ts';
import { errorCode, fieldErrors } from '../lib/errors.ts';
import { TYPE_ICONS } from '../lib/icons.ts';
import { AssetsNav } from './assets-nav.tsx';
import { TypeIcon } from './type-icon.tsx';

export const typePath = (id: string) => `/asset-types/${encodeURIComponent(id)}`;

/** /assets/administration[/{category_id}] (ADMIN_ASSETS): categories on the left, the chosen category's types on the right. */
export function AdminPage() {
  const { t } = useTranslation();
  const { category_id: categoryId } = useParams();
  const navigate = useNavigate();
  const categories = useCategories();
  const types = useAssetTypes();
  const [editing, setEditing] = useState<TAssetCategory | 'new' | null>(null);
  const [creatingType, setCreatingType] = useState(false);
  const remove = useDeleteCategory();
  const list = categories.data?.results ?? [];
  const current = list.find((category) => category.id === categoryId) ?? null;
  const shownTypes = (types.data?.results ?? []).filter((type) => !current || type.category.id === current.id);

  const deleteCategory = (category: TAssetCategory) =>
    remove.mutate(category.id, {
      onSuccess: () => void navigate('/assets/administration'),
      onError: (error) => toast.error(errorCode(error) === 'in-use' ? t('assets.admin.categoryInUse') : t('assets.admin.deleteFailed')),
    });

  return (
    <Stack gap="md">
      <PageHeader title={t('assets.admin.title')} />
      <AssetsNav />
      {categories.isPending ? (
        <Loader />
      ) : categories.isError ? (
        <Alert color="red">{t('assets.common.loadError')}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Card withBorder padding="sm">
            <Group justify="space-between" mb="xs">
              <Title order={2} fz="md">
                {t('assets.admin.categories')}
              </Title>
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')} data-testid="new-category">
                {t('assets.admin.newCategory')}
              </Button>
            </Group>
            <NavLink component={Link} to="/assets/administration" label={t('assets.admin.allCategories')} active={!current} />
            {list.map((category) => (
              <NavLink
                key={category.id}
                component={Link}
                to={`/assets/administration/${encodeURIComponent(category.id)}`}
                label={category.name}
                description={t('assets.admin.typeCount', { count: category.type_count })}
                active={current?.id === category.id}
                data-testid="category-link"
              />
            ))}
            {list.length === 0 && (
              <Text c="dimmed" size="sm">
                {t('assets.admin.noCategories')}
              </Text>
            )}
          </Card>
          <Card withBorder padding="sm" style={{ gridColumn: 'span 2' }}>
            <Group justify="space-between" mb="sm" gap="xs">
              <Group gap="xs">
                <Title order={2} fz="md">
                  {current ? current.name : t('assets.admin.types')}
                </Title>
                {current && (
                  <>
                    <ActionIcon variant="subtle" aria-label={t('assets.admin.editCategory')} onClick={() => setEditing(current)}>
                      <IconEdit size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={t('assets.admin.deleteCategory')} onClick={() => deleteCategory(current)} loading={remove.isPending}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </>
                )}
              </Group>
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreatingType(true)} disabled={list.length === 0} data-testid="new-type">
                {t('assets.admin.newType')}
              </Button>
            </Group>
            {current?.description && (
              <Text size="sm" c="dimmed" mb="sm">
                {current.description}
              </Text>
            )}
            {shownTypes.length === 0 ? (
              <Text c="dimmed">{t('assets.admin.noTypes')}</Text>
            ) : (
              <Stack gap="xs">
                {shownTypes.map((type) => (
                  <Card key={type.id} withBorder padding="xs" component={Link} to={typePath(type.id)} data-testid="type-row">
                    <Group gap="sm" wrap="nowrap">
                      <TypeIcon icon={type.icon} color={type.color} size={32} />
                      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                        <Text fw={600}>{type.name}</Text>
                        <Text size="sm" c="dimmed">
                          {type.category.name} · {t('assets.admin.assetCount', { count: type.asset_count })}
                        </Text>
                      </Stack>
                      {type.form_id && <Badge variant="light">{t('assets.admin.hasForm')}</Badge>}
                    </Group>
                  </Card>
                ))}
              </Stack>
            )}
          </Card>
        </SimpleGrid>
      )}
      {editing && <CategoryModal category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {creatingType && <NewTypeModal categoryId={current?.id ?? list[0]?.id ?? null} onClose={() => setCreatingType(false)} />}
    </Stack>
  );
}

function CategoryModal({ category, onClose }: { category: TAssetCategory | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const navigate = useNavigate();
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const save = category ? update : create;
  const errors = fieldErrors(save.error);
  const submit = () => {
    if (!name.trim()) return;
    if (category) update.mutate({ id: category.id, body: { name: name.trim(), description } }, { onSuccess: onClose });
    else
      create.mutate(
        { name: name.trim(), description },
        {
          onSuccess: (created) => {
            onClose();
            void navigate(`/assets/administration/${encodeURIComponent(created.id)}`);
          },
        },
      );
  };
  return (
    <Modal opened onClose={onClose} title={category ? t('assets.admin.editCategory') : t('assets.admin.newCategory')}>
      <Stack gap="md">
        <TextInput label={t('assets.admin.name')} required value={name} onChange={(event) => setName(event.currentTarget.value)} error={errors.name} maxLength={200} data-testid="category-name" />
        <Textarea label={t('assets.fields.description')} value={description} onChange={(event) => setDescription(event.currentTarget.value)} autosize minRows={2} />
        {save.isError && !errors.name && <Alert color="red">{t('assets.admin.saveFailed')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('assets.common.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!name.trim()} data-testid="category-save">
            {t('assets.common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export const ICON_CHOICES = Object.keys(TYPE_ICONS).map((name) => ({ value: name, label: name }));

export function IconSelect({ value, onChange, color }: { value: string; onChange: (value: string) => void; color: string }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('assets.admin.icon')}
      data={ICON_CHOICES}
      value={value}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      searchable
      leftSection={<TypeIcon icon={value} color={color} size={22} />}
      renderOption={({ option }) => (
        <Group gap="xs">
          <TypeIcon icon={option.value} color={color} size={20} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      data-testid="type-icon"
    />
  );
}

function NewTypeModal({ categoryId, onClose }: { categoryId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const create = useCreateType();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [category, setCategory] = useState<string | null>(categoryId);
  const [icon, setIcon] = useState('box');
  const [color, setColor] = useState('#228be6');
  const errors = fieldErrors(create.error);
  const submit = () => {
    if (!name.trim() || !category) return;
    create.mutate(
      { name: name.trim(), category, icon, color },
      {
        onSuccess: (created) => {
          onClose();
          void navigate(typePath(created.id));
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('assets.admin.newType')}>
      <Stack gap="md">
        <TextInput label={t('assets.admin.name')} required value={name} onChange={(event) => setName(event.currentTarget.value)} error={errors.name} maxLength={200} data-testid="type-name" />
        <Select
          label={t('assets.fields.category')}
          required
          data={(categories.data?.results ?? []).map((row) => ({ value: row.id, label: row.name }))}
          value={category}
          onChange={setCategory}
          error={errors.category}
        />
        <IconSelect value={icon} onChange={setIcon} color={color} />
        <ColorInput label={t('assets.admin.color')} value={color} onChange={setColor} format="hex" error={errors.color} />
        {create.isError && Object.keys(errors).length === 0 && <Alert color="red">{t('assets.admin.saveFailed')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('assets.common.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending} disabled={!name.trim() || !category} data-testid="type-save">
            {t('assets.common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
