import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TChecklistDetail } from '@faena/contracts';
import type { FieldType } from '@faena/domain/forms/field-types';
import type { FormField } from '@faena/domain/forms/schema';
import { resolveValidatorFlags } from '@faena/domain/forms/validator-flags';
import { isInputField } from '@faena/domain/forms/values';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { BuilderContext, pathKey, type BuilderContextValue } from '../../../shared/forms/builder/builder-context.ts';
import { checkDraft, insertField, listAt, newField, nextFieldId, savedNames, type FieldId, type ListPath } from '../../../shared/forms/builder/draft.ts';
import { FieldListEditor } from '../../../shared/forms/builder/field-list-editor.tsx';
import { FieldPickerMenu } from '../../../shared/forms/builder/field-picker.tsx';
import { FormStore } from '../../../shared/forms/form-store.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { confirm } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useUnsavedChanges } from '../../../shared/ui/use-unsaved-changes.ts';
import { useChecklist, useCreateChecklist, useUpdateChecklist } from '../api/checklists-api.ts';
import { allFields, DEFAULT_ITEM, draftFromDetail, emptyDraft, itemErrors, moveSection, moveToSection, newSectionId, writeOf, type BuilderSection, type ChecklistDraft } from '../lib/builder-draft.ts';
import { MoveToSection, ScoringEditor } from './scoring-editor.tsx';
import { BuilderSettings } from './builder-settings.tsx';
import { SchedulesPanel } from './schedules-panel.tsx';
import { StatsCharts } from './stats-charts.tsx';

/** One section: its title, order, and its items edited with the form builder's own cards. */
function SectionEditor({
  section,
  index,
  count,
  context,
  onTitle,
  onMove,
  onRemove,
}: {
  section: BuilderSection;
  index: number;
  count: number;
  context: BuilderContextValue;
  onTitle: (title: string) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`section-${index}`}>
      <Group gap="xs" wrap="nowrap" mb="sm" align="flex-end">
        <TextInput
          label={t('checklists.builder.sectionTitle', { n: index + 1 })}
          value={section.title}
          onChange={(event) => onTitle(event.currentTarget.value)}
          style={{ flex: 1 }}
          data-testid="section-title-input"
        />
        <ActionIcon variant="subtle" color="gray" size="lg" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('checklists.builder.sectionUp')}>
          <IconArrowUp size={18} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="gray" size="lg" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('checklists.builder.sectionDown')}>
          <IconArrowDown size={18} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" size="lg" disabled={count === 1} onClick={onRemove} aria-label={t('checklists.builder.sectionRemove')}>
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      <BuilderContext.Provider value={context}>
        <Stack gap="xs">
          <FieldListEditor fields={section.fields} listPath={[]} />
          <FieldPickerMenu onPick={(type) => context.addField(type, [])} label={t('checklists.builder.addItem')} testId={`add-item-${index}`} />
        </Stack>
      </BuilderContext.Provider>
    </Paper>
  );
}

function BuilderScreen({ initial, detail }: { initial: ChecklistDraft; detail: TChecklistDetail | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ctx } = useAccessContext();
  const create = useCreateChecklist();
  const update = useUpdateChecklist(detail?.id ?? '');
  const [draft, setDraft] = useState(initial);
  const [savedDraft, setSavedDraft] = useState(initial);
  const [version, setVersion] = useState(detail?.version);
  const [selected, setSelected] = useState<string | null>(null);
  const [manualNames, setManualNames] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [previewStore] = useState(() => new FormStore());
  const idCounter = useRef(nextFieldId(allFields(initial)));
  const flags = ctx.flags;
  const validatorFlags = useMemo(() => resolveValidatorFlags(flags), [flags]);
  const fields = useMemo(() => allFields(draft), [draft]);
  const checked = useMemo(() => checkDraft(fields), [fields]);
  const problems = useMemo(() => (checked.ok ? [] : checked.problems), [checked]);
  const saved = useMemo(() => savedNames(detail?.fields ?? []), [detail]);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(savedDraft);
  useUnsavedChanges(isDirty);
  const errors = useMemo(() => itemErrors(serverErrors), [serverErrors]);
  const [createdId, setCreatedId] = useState<string | null>(null);
  useEffect(() => {
    if (createdId && !isDirty) void navigate(`/checklists/update/${encodeURIComponent(createdId)}`, { replace: true });
  }, [createdId, isDirty, navigate]);

  const set = <K extends keyof ChecklistDraft>(key: K, value: ChecklistDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const nextId = useCallback(() => {
    const id = idCounter.current;
    idCounter.current += 1;
    return id;
  }, []);

  const setSectionFields = useCallback((sectionId: string, change: (fields: FormField[]) => FormField[]) => {
    setDraft((current) => ({ ...current, sections: current.sections.map((section) => (section.id === sectionId ? { ...section, fields: change(section.fields) } : section)) }));
  }, []);

  const itemExtras = useCallback(
    (sectionId: string) => (field: FormField) => {
      if (!isInputField(field)) return null;
      const key = String(field.id);
      return (
        <Stack gap="sm" mt="md" pt="sm" style={{ borderTop: '1px dashed var(--mantine-color-gray-4)' }}>
          <ScoringEditor
            field={field}
            settings={draft.items[key] ?? DEFAULT_ITEM}
            onChange={(next) => setDraft((current) => ({ ...current, items: { ...current.items, [key]: next } }))}
            error={errors.byField[key]}
          />
          <MoveToSection sections={draft.sections} current={sectionId} onMove={(target) => setDraft((current) => ({ ...current, sections: moveToSection(current.sections, field.id, target) }))} />
        </Stack>
      );
    },
    [draft.items, draft.sections, errors.byField],
  );

  const contextFor = (section: BuilderSection): BuilderContextValue => ({
    fields: section.fields,
    setFields: (change) => setSectionFields(section.id, change),
    selected,
    select: setSelected,
    problems,
    saved,
    isAutoNamed: (key) => !manualNames.has(key) && !saved.has(key),
    setManualName: (key) => setManualNames((current) => (current.has(key) ? current : new Set([...current, key]))),
    addField: (type: FieldType, listPath: ListPath, afterId?: FieldId) => {
      const id = nextId();
      // Names are unique across the whole checklist: a top-level field is named against every section's.
      const siblings = listPath.length === 0 ? fields : listAt(section.fields, listPath);
      const field = newField(type, id, siblings, { field: t(`formBuilder.types.${type}`), option: (n) => t('formBuilder.choices.option', { n }) });
      setSectionFields(section.id, (current) => insertField(current, listPath, field, afterId));
      setSelected(pathKey([...listPath, id]));
    },
    nextId,
    flags,
    disabledModules: ctx.disabledModules,
    validatorFlags,
    previewStore,
    fieldExtras: itemExtras(section.id),
  });

  const save = async () => {
    setServerErrors({});
    if (!draft.name.trim()) {
      setServerErrors({ name: t('checklists.builder.nameRequired') });
      return;
    }
    if (!draft.category) {
      setServerErrors({ category: t('checklists.builder.categoryRequired') });
      return;
    }
    if (!checked.ok) {
      toast.error(t('checklists.builder.fixFields'));
      return;
    }
    const body = writeOf(
      { ...draft, sections: draft.sections.map((section, index) => ({ ...section, title: section.title.trim() || t('checklists.builder.sectionN', { n: index + 1 }) })) },
      detail ? version : undefined,
    );
    try {
      if (!detail) {
        const made = await create.mutateAsync(body);
        setSavedDraft(draft);
        toast.show(t('checklists.builder.created'));
        // Navigated once the saved state is rendered (the unsaved-changes guard would ask otherwise).
        setCreatedId(made.id);
        return;
      }
      const made = await update.mutateAsync(body);
      const isNewVersion = version !== undefined && made.version > version;
      setVersion(made.version);
      setSavedDraft(draft);
      if (isNewVersion) toast.show(t('checklists.builder.newVersion', { version: made.version }));
      else toast.show(t('checklists.builder.saved'));
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) {
        setServerErrors(Object.fromEntries(Object.entries(fieldErrors).map(([path, entry]) => [path, entry.texts.join(' ')])));
        const code = isHttpError(error) ? error.code : undefined;
        toast.error(code ? t(`checklists.errors.${code}`, { defaultValue: t('checklists.builder.saveFailed') }) : t('checklists.builder.saveFailed'));
        return;
      }
      if (isHttpError(error) && error.code) toast.error(t(`checklists.errors.${error.code}`, { defaultValue: t('checklists.builder.saveFailed') }));
      else toast.error(t('checklists.builder.saveFailed'));
    }
  };

  const removeSection = async (index: number) => {
    const section = draft.sections[index]!;
    if (section.fields.length > 0) {
      const ok = await confirm({
        id: 'checklist-remove-section',
        title: t('checklists.builder.sectionRemove'),
        message: t('checklists.builder.sectionRemoveMessage', { count: section.fields.length }),
        confirmLabel: t('checklists.builder.sectionRemove'),
        cancelLabel: t('common.cancel'),
        danger: true,
      }).catch(() => false);
      if (!ok) return;
    }
    setDraft((current) => ({ ...current, sections: current.sections.filter((_, at) => at !== index) }));
  };

  const back = draft.category ? `/checklist-administration/${encodeURIComponent(draft.category)}` : '/checklist-administration';
  const saving = create.isPending || update.isPending;

  return (
    <Stack gap="md" maw={1000}>
      <BackLink to={back}>{t('checklists.admin.title')}</BackLink>
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label={t('checklists.builder.name')}
          value={draft.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={serverErrors.name}
          required
          style={{ flex: 1, minWidth: 220 }}
          size="md"
          data-testid="checklist-name"
        />
        <Button leftSection={<IconDeviceFloppy size={18} />} onClick={() => void save()} loading={saving} disabled={!isDirty && detail !== null} size="md" data-testid="checklist-save">
          {t('common.save')}
        </Button>
      </Group>
      {detail && (
        <Text size="sm" c="dimmed" data-testid="checklist-version">
          {t('checklists.builder.versionInfo', { version })}
          {detail.has_executions ? ` · ${t('checklists.builder.hasExecutions')}` : ''}
        </Text>
      )}
      {errors.general.length > 0 && (
        <Alert color="red" data-testid="builder-errors">
          {errors.general.join(' · ')}
        </Alert>
      )}
      <Tabs defaultValue="items" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="items">{t('checklists.builder.tabItems')}</Tabs.Tab>
          <Tabs.Tab value="settings" data-testid="tab-settings">
            {t('checklists.builder.tabSettings')}
          </Tabs.Tab>
          {detail && (
            <Tabs.Tab value="schedule" data-testid="tab-schedule">
              {t('checklists.builder.tabSchedule')}
            </Tabs.Tab>
          )}
          {detail && (
            <Tabs.Tab value="numbers" data-testid="tab-numbers">
              {t('checklists.builder.tabNumbers')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="items">
          <Stack gap="md">
            {draft.sections.map((section, index) => (
              <SectionEditor
                key={section.id}
                section={section}
                index={index}
                count={draft.sections.length}
                context={contextFor(section)}
                onTitle={(title) => setDraft((current) => ({ ...current, sections: current.sections.map((entry) => (entry.id === section.id ? { ...entry, title } : entry)) }))}
                onMove={(delta) => setDraft((current) => ({ ...current, sections: moveSection(current.sections, index, delta) }))}
                onRemove={() => void removeSection(index)}
              />
            ))}
            <Button
              variant="default"
              leftSection={<IconPlus size={18} />}
              onClick={() =>
                setDraft((current) => ({
                  ...current,
                  sections: [...current.sections, { id: newSectionId(), title: t('checklists.builder.sectionN', { n: current.sections.length + 1 }), fields: [] }],
                }))
              }
              data-testid="add-section"
            >
              {t('checklists.builder.addSection')}
            </Button>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <BuilderSettings draft={draft} set={set} errors={serverErrors} maxScore={detail?.max_score ?? 100} />
        </Tabs.Panel>
        {detail && (
          <Tabs.Panel value="schedule">
            <SchedulesPanel checklistId={detail.id} name={detail.name} />
          </Tabs.Panel>
        )}
        {detail && (
          <Tabs.Panel value="numbers">
            <StatsCharts checklistId={detail.id} venues={detail.places.venues} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

/** /checklists/create/:categoryId and /checklists/update/:id — the checklist builder. */
export function ChecklistBuilderPage({ id, categoryId }: { id?: string | undefined; categoryId?: string | undefined }) {
  const { t } = useTranslation();
  const checklist = useChecklist(id);
  const [fresh] = useState(() => emptyDraft(categoryId ?? '', t('checklists.builder.sectionN', { n: 1 })));
  if (!id) return <BuilderScreen initial={fresh} detail={null} />;
  if (checklist.isPending) return <Loader />;
  if (!checklist.data) return <Alert color="red">{t('checklists.builder.notFound')}</Alert>;
  return <BuilderScreen key={`${checklist.data.id}:${checklist.data.version}`} initial={draftFromDetail(checklist.data)} detail={checklist.data} />;
}
