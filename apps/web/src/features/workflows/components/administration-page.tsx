import { Badge, Button, Group, Loader, Paper, Select, Stack, Switch, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TWorkflowTypeDetail } from '@faena/contracts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { fetchVersion, useCategories, useCreateType, useCreateVersion, usePatchType, type TypeInput } from '../api/workflows-api.ts';
import { EMPTY_DIAGRAM } from '../lib/plain-task.ts';

function useDateFormat() {
  const { i18n } = useTranslation();
  return (iso: string | null) => (iso ? new Intl.DateTimeFormat(i18n.language.startsWith('en') ? 'en-US' : 'es-CL', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : '—');
}

/** /workflows/{workflowType}/administration: the versions of one type. */
export function AdministrationPage({ type }: { type: TWorkflowTypeDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useDateFormat();
  const createVersion = useCreateVersion();
  const patchType = usePatchType();
  const versions = [...type.versions].sort((a, b) => b.number - a.number);
  const latest = versions[0];

  const newVersion = async () => {
    const xml = latest ? (await fetchVersion(latest.id)).bpmn_xml : EMPTY_DIAGRAM;
    createVersion.mutate({ typeId: type.id, xml }, { onSuccess: () => void navigate(`/workflows/${type.id}/configuration`), onError: () => toast.error(t('workflows.admin.newVersionFailed')) });
  };

  return (
    <Stack gap="md">
      <BackLink to="/advanced">{t('workflows.admin.back')}</BackLink>
      <PageHeader
        title={type.name}
        description={type.description || undefined}
        actions={
          <Group gap="sm">
            <Button variant="default" onClick={() => patchType.mutate({ id: type.id, is_archived: !type.is_archived })}>
              {type.is_archived ? t('workflows.admin.unarchive') : t('workflows.admin.archive')}
            </Button>
            <Button variant="default" onClick={() => void newVersion()} loading={createVersion.isPending}>
              {t('workflows.admin.newVersion')}
            </Button>
            {latest && (
              <Button component={Link} to={`/workflows/${type.id}/configuration`}>
                {t('workflows.admin.openModeler')}
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder p="md">
        <Switch
          label={t('workflows.admin.dispatchable')}
          description={t('workflows.admin.dispatchableHelp')}
          checked={type.is_dispatchable}
          disabled={patchType.isPending}
          onChange={(event) => patchType.mutate({ id: type.id, is_dispatchable: event.currentTarget.checked }, { onError: () => toast.error(t('workflows.admin.saveFailed')) })}
          data-testid="dispatchable-switch"
        />
      </Paper>
      <Paper withBorder>
        <Table verticalSpacing="sm" data-testid="versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workflows.admin.version')}</Table.Th>
              <Table.Th>{t('workflows.admin.state')}</Table.Th>
              <Table.Th>{t('workflows.admin.updated')}</Table.Th>
              <Table.Th>{t('workflows.admin.publishedAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.map((version) => (
              <Table.Tr key={version.id}>
                <Table.Td>{t('workflows.admin.versionNumber', { number: version.number })}</Table.Td>
                <Table.Td>
                  {version.is_active ? (
                    <Badge color="green">{t('workflows.admin.published')}</Badge>
                  ) : version.published_at ? (
                    <Badge color="gray">{t('workflows.admin.previous')}</Badge>
                  ) : (
                    <Badge color="yellow">{t('workflows.admin.draft')}</Badge>
                  )}
                </Table.Td>
                <Table.Td>{format(version.updated_at)}</Table.Td>
                <Table.Td>{format(version.published_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {versions.length === 0 && (
          <Text c="dimmed" p="md">
            {t('workflows.admin.noVersions')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

/** /workflows/create/configuration: a new type (name, category, icon, description), then its modeler. */
export function CreateTypePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useCategories();
  const createType = useCreateType();
  const createVersion = useCreateVersion();
  const [input, setInput] = useState<TypeInput>({ name: '', category: null, description: '', icon: null });
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!input.name.trim()) return setError(t('workflows.create.nameRequired'));
    createType.mutate(
      { ...input, name: input.name.trim() },
      {
        onSuccess: (type) => createVersion.mutate({ typeId: type.id, xml: EMPTY_DIAGRAM }, { onSuccess: () => void navigate(`/workflows/${type.id}/configuration`, { replace: true }) }),
      },
    );
  };

  if (categories.isPending) return <Loader />;
  return (
    <Stack gap="md" maw={640}>
      <BackLink to="/advanced">{t('workflows.admin.back')}</BackLink>
      <PageHeader title={t('workflows.create.title')} />
      <Paper withBorder p="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label={t('workflows.create.name')}
            withAsterisk
            value={input.name}
            error={error}
            onChange={(event) => {
              setError(null);
              setInput({ ...input, name: event.currentTarget.value });
            }}
          />
          <Select
            label={t('workflows.create.category')}
            placeholder={t('workflows.advanced.noCategory')}
            data={(categories.data?.results ?? []).map((category) => ({ value: category.id, label: category.name }))}
            value={input.category}
            clearable
            onChange={(category) => setInput({ ...input, category })}
          />
          <TextInput
            label={t('workflows.create.icon')}
            description={t('workflows.create.iconHelp')}
            maxLength={8}
            value={input.icon ?? ''}
            onChange={(event) => setInput({ ...input, icon: event.currentTarget.value || null })}
          />
          <Textarea label={t('workflows.create.description')} autosize minRows={2} value={input.description} onChange={(event) => setInput({ ...input, description: event.currentTarget.value })} />
          <Group justify="flex-end">
            <Button type="submit" loading={createType.isPending || createVersion.isPending}>
              {t('workflows.create.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
