import { Alert, Anchor, Breadcrumbs, Button, Group, Loader, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconDeviceFloppy, IconDownload } from '@tabler/icons-react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { FieldType } from '@faena/domain/forms/field-types';
import type { RequiredMarkerStyle } from '@faena/domain/forms/messages';
import type { FormField } from '@faena/domain/forms/schema';
import { resolveValidatorFlags } from '@faena/domain/forms/validator-flags';
import { isNotFound } from '../../../shared/api/http-error.ts';
import { formQueryOptions, useForm, type FormView } from '../../../shared/forms/api/get-form.ts';
import { FormStore } from '../../../shared/forms/form-store.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { confirm } from '../../../shared/ui/modal.tsx';
import { KEEPS_EDITS, useUnsavedChanges } from '../../../shared/ui/use-unsaved-changes.ts';
import { useCreateForm } from '../api/create-form.ts';
import { useUpdateForm } from '../api/update-form.ts';
import { BuilderContext, pathKey, type BuilderContextValue } from '../../../shared/forms/builder/builder-context.ts';
import { BuilderEditor } from '../../../shared/forms/builder/builder-editor.tsx';
import { fieldAtKey, insertField, listAt, newField, nextFieldId, savedNames, type Draft, type FieldId, type ListPath } from '../../../shared/forms/builder/draft.ts';
import { ResponsesTab } from './responses-tab.tsx';
import { SaveStatusIndicator } from './save-status.tsx';
import { TestFormTab } from './test-form-tab.tsx';
import { AUTOSAVE_DELAY_MS, useAutosave } from './use-autosave.ts';
import classes from '../../../shared/forms/builder/form-builder.module.css';

type Tab = 'editor' | 'test' | 'responses';
const NEW_FIELD_DELAY_MS = 10_000;
const TABS: Tab[] = ['editor', 'test', 'responses'];

/**
 * /workflows/:workflowId/form-builder/:formId? — reached from what owns a form (a workflow task's
 * panel, an asset type). Without a form id the builder opens on an empty draft and creates
 * nothing: the form is created by its first save, and the address then names it (the same screen
 * stays, with what the person is editing).
 */
export function FormBuilderPage() {
  const { t } = useTranslation();
  const { workflowId = '', formId } = useParams();
  const [createdHere, setCreatedHere] = useState<string | null>(null);
  const [blank] = useState<FormView>(() => ({ id: '', version: 0, name: t('formBuilder.untitled'), description: [], created_at: '', updated_at: '' }));
  if (!formId || formId === createdHere) return <BuilderScreen key="new" workflowId={workflowId} initial={blank} onCreated={setCreatedHere} />;
  return <LoadForm key={formId} workflowId={workflowId} formId={formId} />;
}

function LoadForm({ workflowId, formId }: { workflowId: string; formId: string }) {
  const { t } = useTranslation();
  const form = useForm(formId);
  // A failed read again (back on the tab, offline) keeps the editor and its unsaved changes.
  if (form.data) return <BuilderScreen workflowId={workflowId} initial={form.data} />;
  if (form.isLoading) return <Loader />;
  return <Alert color={isNotFound(form.error) ? 'gray' : 'red'}>{isNotFound(form.error) ? t('formBuilder.notFound') : t('formBuilder.loadFailed')}</Alert>;
}

const draftOf = (form: FormView): Draft => ({ name: form.name, fields: form.description });

function BuilderScreen({ workflowId, initial, onCreated }: { workflowId: string; initial: FormView; onCreated?: (id: string) => void }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'editor';
  const setTab = (next: Tab) => setParams(next === 'editor' ? {} : { tab: next }, { replace: true });
  const { ctx } = useAccessContext();
  const [savedForm, setSavedForm] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [selected, setSelected] = useState<string | null>(null);
  const [manualNames, setManualNames] = useState<ReadonlySet<string>>(() => new Set());
  const [markerStyle, setMarkerStyle] = useState<RequiredMarkerStyle>('asterisk');
  const [previewStore] = useState(() => new FormStore());
  const idCounter = useRef(nextFieldId(initial.description));
  const navigate = useNavigate();
  const { mutateAsync: createForm } = useCreateForm();
  const formId = useRef(initial.id);
  const { mutateAsync: updateForm } = useUpdateForm();
  // The first save of a new form creates it (opening the builder created nothing); later ones are new versions.
  const save = useCallback(
    async (input: { name: string; description: FormField[]; base_version: number }) => {
      if (formId.current) return updateForm({ id: formId.current, ...input });
      const form = await createForm({ name: input.name, description: input.description });
      formId.current = form.id;
      onCreated?.(form.id);
      void navigate(`/workflows/${encodeURIComponent(workflowId)}/form-builder/${encodeURIComponent(form.id)}`, { replace: true, state: KEEPS_EDITS });
      return form;
    },
    [createForm, updateForm, onCreated, navigate, workflowId],
  );

  const onSaved = useCallback((form: FormView) => setSavedForm(form), []);
  const saved = useMemo(() => savedNames(savedForm.description), [savedForm]);
  // While a field that was never saved is open, autosave waits longer: its name is still editable.
  const openField = selected === null ? undefined : fieldAtKey(draft.fields, selected);
  const isSettingUpNew = openField !== undefined && openField.type !== 'display_text' && !saved.has(selected!);
  const autosave = useAutosave({
    draft,
    initial: draftOf(initial),
    initialVersion: initial.version,
    save,
    onSaved,
    delayMs: isSettingUpNew ? NEW_FIELD_DELAY_MS : AUTOSAVE_DELAY_MS,
  });
  const { resetTo } = autosave;
  const client = useQueryClient();
  const [loadingLatest, setLoadingLatest] = useState(false);
  const [latestFailed, setLatestFailed] = useState(false);
  useUnsavedChanges(autosave.isDirty || autosave.status === 'saving');

  const flags = ctx.flags;
  const validatorFlags = useMemo(() => resolveValidatorFlags(flags), [flags]);

  const setFields = useCallback((change: (fields: FormField[]) => FormField[]) => setDraft((current) => ({ ...current, fields: change(current.fields) })), []);
  const nextId = useCallback(() => {
    const id = idCounter.current;
    idCounter.current += 1;
    return id;
  }, []);
  const addField = useCallback(
    (type: FieldType, listPath: ListPath, afterId?: FieldId) => {
      const id = nextId();
      const field = newField(type, id, listAt(draft.fields, listPath), { field: t(`formBuilder.types.${type}`), option: (n) => t('formBuilder.choices.option', { n }) });
      setFields((current) => insertField(current, listPath, field, afterId));
      const key = pathKey([...listPath, id]);
      setSelected(key);
      requestAnimationFrame(() =>
        [...document.querySelectorAll<HTMLElement>('[data-builder-key]')].find((element) => element.dataset.builderKey === key)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
      );
    },
    [draft.fields, nextId, setFields, t],
  );

  const context = useMemo<BuilderContextValue>(
    () => ({
      fields: draft.fields,
      setFields,
      selected,
      select: setSelected,
      problems: autosave.problems,
      saved,
      isAutoNamed: (key) => !manualNames.has(key),
      setManualName: (key) => setManualNames((current) => (current.has(key) ? current : new Set([...current, key]))),
      addField,
      nextId,
      flags,
      disabledModules: ctx.disabledModules,
      validatorFlags,
      previewStore,
    }),
    [draft.fields, setFields, selected, autosave.problems, saved, manualNames, addField, nextId, flags, ctx.disabledModules, validatorFlags, previewStore],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        autosave.saveNow();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [autosave]);

  const discard = async () => {
    const ok = await confirm({
      id: 'builder-discard',
      title: t('unsaved.title'),
      message: t('formBuilder.discardMessage'),
      confirmLabel: t('unsaved.discard'),
      cancelLabel: t('unsaved.keepEditing'),
      danger: true,
    }).catch(() => false);
    if (!ok) return;
    const back = draftOf(savedForm);
    setDraft(back);
    setSelected(null);
    resetTo(back, savedForm.version);
  };

  /** A version saved elsewhere becomes the editor's (its changes, if any, are given up by the caller). */
  const adopt = useCallback(
    (latest: FormView) => {
      const back = draftOf(latest);
      setSavedForm(latest);
      setDraft(back);
      setSelected(null);
      idCounter.current = Math.max(idCounter.current, nextFieldId(latest.description));
      resetTo(back, latest.version);
    },
    [resetTo],
  );

  // A newer version read again (back on the tab) while nothing here is unsaved is simply taken in:
  // no conflict to solve later. With unsaved changes, saving says so instead.
  const quiet = !autosave.isDirty && autosave.status !== 'saving' && autosave.status !== 'conflict';
  const state = useRef({ quiet, version: savedForm.version });
  useEffect(() => {
    state.current = { quiet, version: savedForm.version };
  }, [quiet, savedForm.version]);
  useEffect(() => {
    const formHash = hashKey(formQueryOptions(initial.id).queryKey);
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== formHash) return;
      const latest = event.query.state.data as FormView | undefined;
      if (latest && state.current.quiet && latest.version > state.current.version) adopt(latest);
    });
  }, [client, initial.id, adopt]);

  /** The conflict's other choice: this editor's changes go, the newer saved version comes in. */
  const loadLatest = async () => {
    const ok = await confirm({
      id: 'builder-load-latest',
      title: t('formBuilder.conflict.loadTitle'),
      message: t('formBuilder.conflict.loadMessage'),
      confirmLabel: t('formBuilder.conflict.load'),
      cancelLabel: t('unsaved.keepEditing'),
      danger: true,
    }).catch(() => false);
    if (!ok) return;
    setLoadingLatest(true);
    setLatestFailed(false);
    try {
      adopt(await client.fetchQuery({ ...formQueryOptions(savedForm.id), staleTime: 0 }));
    } catch {
      setLatestFailed(true);
    } finally {
      setLoadingLatest(false);
    }
  };

  return (
    <BuilderContext.Provider value={context}>
      <Stack gap={0}>
        <Breadcrumbs mb={4} separatorMargin={6}>
          <Anchor component={Link} to="/workflows" size="sm">
            {t('nav.workflows')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('formBuilder.breadcrumb', { workflow: workflowId })}
          </Text>
        </Breadcrumbs>
        <div className={classes.header}>
          <TextInput
            className={classes.nameInput}
            value={draft.name}
            onChange={(event) => {
              const name = event.currentTarget.value;
              setDraft((current) => ({ ...current, name }));
            }}
            aria-label={t('formBuilder.name')}
            placeholder={t('formBuilder.untitled')}
            error={autosave.nameProblem ? t('formBuilder.nameRequired') : undefined}
            data-testid="builder-name"
          />
          <Group gap="sm" wrap="wrap">
            <SaveStatusIndicator
              status={autosave.status}
              version={savedForm.version}
              errorDetail={autosave.errorDetail}
              hasProblems={autosave.problems.length > 0 || autosave.nameProblem}
              onRetry={autosave.saveNow}
            />
            {(autosave.isDirty || autosave.status === 'error') && autosave.status !== 'conflict' && (
              <Button variant="subtle" color="gray" size="xs" leftSection={<IconArrowBackUp size={16} />} onClick={() => void discard()} data-testid="builder-discard">
                {t('formBuilder.discard')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={!autosave.isDirty || !autosave.canSave || autosave.status === 'saving' || autosave.status === 'conflict'}
              onClick={autosave.saveNow}
              data-testid="builder-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </div>
        {autosave.errorDetail && (
          <Alert color="red" variant="light" mb="sm">
            {autosave.errorDetail}
          </Alert>
        )}
        {autosave.conflictVersion !== null && (
          <Alert color="orange" variant="light" mb="sm" title={t('formBuilder.conflict.title', { version: autosave.conflictVersion })} data-testid="save-conflict">
            <Text size="sm">{t('formBuilder.conflict.body', { version: autosave.conflictVersion })}</Text>
            {latestFailed && (
              <Text size="sm" c="red.9" mt={4}>
                {t('formBuilder.conflict.loadFailed')}
              </Text>
            )}
            <Group gap="sm" mt="sm">
              <Button size="xs" variant="light" color="orange" leftSection={<IconDownload size={16} />} loading={loadingLatest} onClick={() => void loadLatest()} data-testid="conflict-load-latest">
                {t('formBuilder.conflict.load')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="orange"
                leftSection={<IconDeviceFloppy size={16} />}
                disabled={loadingLatest}
                onClick={autosave.saveOverConflict}
                data-testid="conflict-save-mine"
              >
                {t('formBuilder.conflict.saveMine')}
              </Button>
            </Group>
          </Alert>
        )}
        <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'editor')} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="editor" data-testid="tab-editor">
              {t('formBuilder.tabs.editor')}
            </Tabs.Tab>
            <Tabs.Tab value="test" data-testid="tab-test" disabled={!savedForm.id}>
              {t('formBuilder.tabs.test')}
            </Tabs.Tab>
            <Tabs.Tab value="responses" data-testid="tab-responses" disabled={!savedForm.id}>
              {t('formBuilder.tabs.responses')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="editor">
            <BuilderEditor markerStyle={markerStyle} onMarkerStyle={setMarkerStyle} />
          </Tabs.Panel>
          <Tabs.Panel value="test">
            <TestFormTab form={savedForm} hasUnsaved={autosave.isDirty} markerStyle={markerStyle} onMarkerStyle={setMarkerStyle} onShowResponses={() => setTab('responses')} />
          </Tabs.Panel>
          <Tabs.Panel value="responses">
            <ResponsesTab formId={savedForm.id} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </BuilderContext.Provider>
  );
}
