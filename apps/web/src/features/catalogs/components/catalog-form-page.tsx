import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Group, Loader, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { FormActions } from '../../../shared/ui/form-actions.tsx';
import { NoAccess } from '../../../shared/ui/no-access.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useUnsavedChanges } from '../../../shared/ui/use-unsaved-changes.ts';
import { useCatalogItem } from '../api/get-catalog-item.ts';
import { useSaveCatalogItem } from '../api/save-catalog-item.ts';
import { visibleFields, type CatalogDef, type CatalogRecord, type FieldDef } from '../lib/catalog-defs.ts';
import { initialValues, isDirty, toPayload, validate, type FieldProblem, type FormValue, type FormValues } from '../lib/form-model.ts';
import { serverProblems } from '../lib/server-errors.ts';
import { CatalogField } from './catalog-field.tsx';
import { LoadProblem } from './load-problem.tsx';
import { problemText } from './problem-text.ts';
import { useCatalogAccess } from './use-catalog-access.ts';

const fullWidth = (field: FieldDef) => field.wide || field.type === 'textarea';

/** /{catalogue}/create and /{catalogue}/:id/edit. */
export function CatalogFormPage({ def, id }: { def: CatalogDef; id?: string | undefined }) {
  const { t } = useTranslation();
  const { canWrite } = useCatalogAccess();
  const record = useCatalogItem(def, id);
  if (!canWrite) return <NoAccess problem="permission" />;
  if (id && record.isLoading) return <Loader aria-label={t('common.loading')} />;
  // A failed read again (back on the tab) keeps the form and its unsaved changes.
  if (id && record.isError && !record.data) return <LoadProblem def={def} error={record.error} onRetry={() => void record.refetch()} />;
  return <CatalogForm key={record.data?.id ?? 'new'} def={def} record={record.data ?? null} />;
}

function CatalogForm({ def, record }: { def: CatalogDef; record: CatalogRecord | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { disabledModules } = useCatalogAccess();
  const fields = useMemo(() => visibleFields(def, disabledModules), [def, disabledModules]);
  // New rows may arrive with references chosen (a location created from its venue or parent).
  const [initial] = useState<FormValues>(() =>
    initialValues(fields, record, Object.fromEntries(fields.filter((field) => field.type === 'ref' && searchParams.get(field.name)).map((field) => [field.name, searchParams.get(field.name)!]))),
  );
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, FieldProblem>>({});
  const [general, setGeneral] = useState<FieldProblem[]>([]);
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const save = useSaveCatalogItem(def);
  const form = useRef<HTMLFormElement>(null);
  const kind = `catalogs.kinds.${def.i18n}`;
  const backTo = record ? `${def.path}/${record.id}` : def.path;

  // A new row arrives with its presets: only what the person changes counts as unsaved.
  useUnsavedChanges(savedTo === null && isDirty(fields, values, initial));
  // Leave once the saved state rendered, so the unsaved-changes guard no longer holds the way.
  useEffect(() => {
    if (savedTo) void navigate(savedTo);
  }, [savedTo, navigate]);

  const focusFirst = (names: string[]) => {
    const first = fields.find((field) => names.includes(field.name));
    if (!first) return;
    requestAnimationFrame(() => {
      const box = form.current?.querySelector<HTMLElement>(`[data-field-box="${first.name}"]`);
      box?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      box?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button')?.focus({ preventScroll: true });
    });
  };

  const setValue = (name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(fields, values);
    setErrors(problems);
    setGeneral([]);
    if (Object.keys(problems).length > 0) return focusFirst(Object.keys(problems));
    const body = toPayload(fields, values, record ? initial : null);
    if (record && Object.keys(body).length === 0) return setSavedTo(backTo);
    save.mutate(
      { id: record?.id, body },
      {
        onSuccess: (saved) => {
          toast.show(record ? t('catalogs.form.saved', { name: saved.name }) : t('catalogs.form.created', { name: saved.name }));
          setSavedTo(`${def.path}/${saved.id}`);
        },
        onError: (error) => {
          const answer = serverProblems(
            error,
            fields.map((field) => field.name),
          );
          setErrors(answer.fields);
          setGeneral(answer.general);
          focusFirst(Object.keys(answer.fields));
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={960}>
      <BackLink to={backTo}>{record ? record.name : t(`${kind}.title`)}</BackLink>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {record ? t('catalogs.form.editTitle', { name: record.name }) : t(`${kind}.new`)}
            {record && !record.is_active && (
              <Badge color="gray" variant="light">
                {t('catalogs.status.deletedOne')}
              </Badge>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form ref={form} onSubmit={submit} noValidate data-testid="catalog-form">
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
              {fields.map((field) => (
                <div key={field.name} data-field-box={field.name} style={fullWidth(field) ? { gridColumn: '1 / -1' } : undefined}>
                  <CatalogField
                    field={field}
                    value={values[field.name] ?? null}
                    onChange={(value) => setValue(field.name, value)}
                    error={problemText(t, errors[field.name])}
                    recordId={record?.id}
                    values={values}
                  />
                </div>
              ))}
            </SimpleGrid>
            {general.length > 0 && (
              <Alert color="red" role="alert" data-testid="form-error">
                {general.map((problem, index) => (
                  <div key={index}>{problemText(t, problem)}</div>
                ))}
              </Alert>
            )}
            <FormActions
              cancelTo={backTo}
              cancelLabel={t('catalogs.actions.cancel')}
              submitLabel={record ? t('catalogs.actions.save') : t('catalogs.actions.create')}
              saving={save.isPending}
              submitTestId="catalog-save"
            />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
