import { Alert, Anchor, Button, Card, ColorInput, Group, Loader, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconExternalLink, IconFlask, IconForms } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TAssetType } from '@faena/contracts/assets';
import type { FormField } from '@faena/domain/forms/schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import { FORMS_API, type FormView } from '../../../shared/forms/api/get-form.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useAssetType, useCategories, useUpdateType } from '../api/assets-api.ts';
import { fieldErrors } from '../lib/errors.ts';
import { IconSelect } from './admin-page.tsx';
import { FORMS_SOURCE, RemoteSelect } from '../../../shared/ui/remote-select.tsx';
import { TypeIcon } from './type-icon.tsx';

interface WorkflowTypeItem {
  id: string;
  name: string;
  is_archived: boolean;
}

/** The workflow types that may be this type's maintenances (workflows module, GET /workflow-types/). */
function useWorkflowTypes() {
  return useQuery({
    queryKey: ['assets', 'workflow-types'],
    queryFn: ({ signal }) => apiClient.get<{ results: WorkflowTypeItem[] }>('/api/workflow-backend/v3/workflow-types/', { signal }),
    staleTime: 30_000,
  });
}

export const formBuilderPath = (type: TAssetType, formId: string) => `/workflows/${encodeURIComponent(type.name)}/form-builder/${encodeURIComponent(formId)}`;

/** /asset-types/{id} (ADMIN_ASSETS): the type's name, category, icon, colour, extra fields (a form) and maintenances. */
export function AssetTypePage() {
  const { t } = useTranslation();
  const { assetTypeId = '' } = useParams();
  const type = useAssetType(assetTypeId);
  if (type.isPending) return <Loader />;
  if (type.isError) return <Alert color="red">{t('assets.common.loadError')}</Alert>;
  return <TypeEditor key={type.data.updated_at} type={type.data} />;
}

function TypeEditor({ type }: { type: TAssetType }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const workflows = useWorkflowTypes();
  const update = useUpdateType(type.id);
  const [name, setName] = useState(type.name);
  const [category, setCategory] = useState<string | null>(type.category.id);
  const [icon, setIcon] = useState(type.icon);
  const [color, setColor] = useState(type.color);
  const [formId, setFormId] = useState<string | null>(type.form_id);
  const [maintenances, setMaintenances] = useState<string[]>(type.maintenance_workflow_types.map((ref) => ref.id));
  const [corrective, setCorrective] = useState<string | null>(type.corrective_workflow_type?.id ?? null);
  const errors = fieldErrors(update.error);
  const createForm = useMutation({
    meta: { silent: true },
    mutationFn: (input: { name: string; description: FormField[] }) => apiClient.post<FormView>(`${FORMS_API}/`, { json: input }),
  });

  const workflowChoices = [
    ...type.maintenance_workflow_types.map((ref) => ({ value: ref.id, label: ref.name })),
    ...(workflows.data?.results ?? []).filter((row) => !row.is_archived).map((row) => ({ value: row.id, label: row.name })),
  ].filter((choice, index, all) => all.findIndex((other) => other.value === choice.value) === index);

  const save = () => {
    if (!name.trim() || !category) return;
    update.mutate(
      { name: name.trim(), category, icon, color, form_id: formId, maintenance_workflow_types: maintenances, corrective_workflow_type: corrective },
      { onSuccess: () => toast.show(t('assets.admin.saved')), onError: () => undefined },
    );
  };
  const newForm = () =>
    createForm.mutate(
      { name: t('assets.admin.formName', { name: type.name }), description: [] },
      {
        onSuccess: (form) => {
          setFormId(form.id);
          update.mutate({ form_id: form.id });
        },
        onError: () => toast.error(t('assets.admin.saveFailed')),
      },
    );

  return (
    <Stack gap="md" maw={960}>
      <BackLink to={`/assets/administration/${encodeURIComponent(type.category.id)}`}>{t('assets.admin.title')}</BackLink>
      <PageHeader
        title={
          <Group gap="sm">
            <TypeIcon icon={icon} color={color} size={36} />
            {type.name}
          </Group>
        }
        description={t('assets.admin.assetCount', { count: type.asset_count })}
        actions={
          <Button component={Link} to={`/assets/playground?type=${encodeURIComponent(type.id)}`} variant="default" leftSection={<IconFlask size={16} />}>
            {t('assets.playground.title')}
          </Button>
        }
      />
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('assets.admin.name')} required value={name} onChange={(event) => setName(event.currentTarget.value)} error={errors.name} maxLength={200} />
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
        </SimpleGrid>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} fz="md" mb={4}>
          {t('assets.admin.extraFields')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('assets.admin.extraFieldsHint')}
        </Text>
        <Group align="flex-end" gap="sm">
          <RemoteSelect
            source={FORMS_SOURCE}
            label={t('assets.admin.form')}
            value={formId}
            onChange={setFormId}
            known={type.form_id ? [{ value: type.form_id, label: t('assets.admin.currentForm') }] : []}
          />
          {formId ? (
            <Anchor component={Link} to={formBuilderPath(type, formId)} size="sm" data-testid="open-form-builder">
              <Group gap={4}>
                <IconExternalLink size={14} />
                {t('assets.admin.editFields')}
              </Group>
            </Anchor>
          ) : (
            <Button variant="light" leftSection={<IconForms size={16} />} onClick={newForm} loading={createForm.isPending} data-testid="create-type-form">
              {t('assets.admin.createForm')}
            </Button>
          )}
        </Group>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} fz="md" mb={4}>
          {t('assets.admin.maintenances')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('assets.admin.maintenancesHint')}
        </Text>
        {workflows.isError && (
          <Alert color="yellow" mb="sm">
            {t('assets.admin.workflowsUnavailable')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MultiSelect
            label={t('assets.admin.maintenanceTypes')}
            data={workflowChoices}
            value={maintenances}
            onChange={setMaintenances}
            searchable
            clearable
            error={errors.maintenance_workflow_types}
          />
          <Select
            label={t('assets.admin.correctiveType')}
            description={t('assets.admin.correctiveHint')}
            placeholder={t('assets.maintenance.record')}
            data={workflowChoices}
            value={corrective}
            onChange={setCorrective}
            clearable
            error={errors.corrective_workflow_type}
          />
        </SimpleGrid>
        {maintenances.length > 0 && (
          <Group gap="xs" mt="sm">
            {maintenances.map((id) => (
              <Anchor key={id} component={Link} to={`/assets/maintenances/${encodeURIComponent(id)}`} size="sm">
                {workflowChoices.find((choice) => choice.value === id)?.label ?? id}
              </Anchor>
            ))}
          </Group>
        )}
      </Card>
      {update.isError && Object.keys(errors).length === 0 && <Alert color="red">{t('assets.admin.saveFailed')}</Alert>}
      <Group justify="flex-end">
        <Button size="md" onClick={save} loading={update.isPending} disabled={!name.trim() || !category} data-testid="type-save">
          {t('assets.common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
