import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Loader, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TDataSource } from '@faena/contracts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { FormActions } from '../../../shared/ui/form-actions.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useUnsavedChanges } from '../../../shared/ui/use-unsaved-changes.ts';
import { useDataSource } from '../api/get-data-source.ts';
import { useSaveDataSource, type DataSourceInput } from '../api/save-data-source.ts';
import { generalProblem, writeProblems, type Problem } from '../lib/problems.ts';
import { problemText } from './problem-text.ts';

/** /fuentes-de-datos/crear and /fuentes-de-datos/:id/editar: a source's name and description. */
export function DataSourceFormPage({ id }: { id?: string | undefined }) {
  const { t } = useTranslation();
  const source = useDataSource(id);
  if (id && source.isLoading) return <Loader aria-label={t('common.loading')} />;
  // A failed read again (back on the tab) keeps the form and its unsaved changes.
  if (id && !source.data)
    return (
      <Stack gap="md">
        <BackLink to="/fuentes-de-datos">{t('dataSources.title')}</BackLink>
        <Alert color="red" title={problemText(t, generalProblem(source.error))} />
      </Stack>
    );
  return <SourceForm key={source.data?.id ?? 'new'} source={source.data ?? null} />;
}

function SourceForm({ source }: { source: TDataSource | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveDataSource();
  const [name, setName] = useState(source?.name ?? '');
  const [description, setDescription] = useState(source?.description ?? '');
  const [errors, setErrors] = useState<Record<string, Problem>>({});
  const [general, setGeneral] = useState<Problem | null>(null);
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const backTo = source ? `/fuentes-de-datos/${source.id}` : '/fuentes-de-datos';
  const dirty = name.trim() !== (source?.name ?? '') || description.trim() !== (source?.description ?? '');
  useUnsavedChanges(savedTo === null && dirty);
  useEffect(() => {
    if (savedTo) void navigate(savedTo);
  }, [savedTo, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    if (!name.trim()) return setErrors({ name: { key: 'dataSources.form.required' } });
    const body: DataSourceInput = {};
    if (!source || name.trim() !== source.name) body.name = name.trim();
    if (!source || description.trim() !== (source.description ?? '')) body.description = description.trim() || null;
    if (source && Object.keys(body).length === 0) return setSavedTo(backTo);
    save.mutate(
      { id: source?.id, body },
      {
        onSuccess: (saved) => {
          toast.show(source ? t('dataSources.form.saved', { name: saved?.name ?? name }) : t('dataSources.form.created', { name: saved?.name ?? name }));
          setSavedTo(`/fuentes-de-datos/${saved?.id ?? source?.id ?? ''}`);
        },
        onError: (error) => {
          const answer = writeProblems(error);
          setErrors(answer.fields);
          setGeneral(answer.general ?? (answer.fields.name || answer.fields.description ? null : { key: 'dataSources.errors.invalid' }));
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={720}>
      <BackLink to={backTo}>{source ? source.name : t('dataSources.title')}</BackLink>
      <PageHeader title={source ? t('dataSources.form.editTitle', { name: source.name }) : t('dataSources.new')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate data-testid="source-form">
          <Stack gap="md">
            <TextInput
              label={t('dataSources.fields.name')}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setErrors(({ name: _gone, ...rest }) => rest);
              }}
              required
              maxLength={200}
              error={problemText(t, errors.name)}
              data-autofocus
              data-field="name"
            />
            <Textarea
              label={t('dataSources.fields.description')}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={3}
              maxRows={8}
              error={problemText(t, errors.description)}
              data-field="description"
            />
            {general && (
              <Alert color="red" role="alert">
                {problemText(t, general)}
              </Alert>
            )}
            <FormActions
              cancelTo={backTo}
              cancelLabel={t('dataSources.actions.cancel')}
              submitLabel={source ? t('dataSources.actions.save') : t('dataSources.actions.create')}
              saving={save.isPending}
              submitTestId="source-save"
            />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
