import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCamera, IconCheck, IconCloudCheck, IconCloudUpload, IconNote, IconWifiOff } from '@tabler/icons-react';
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TExecution } from '@faena/contracts';
import { FORM_MESSAGES } from '@faena/domain/forms/messages';
import type { InputField } from '@faena/domain/forms/schema';
import { fieldErrorMap, fromAssertionErrors } from '@faena/domain/forms/server-errors';
import { validateResponse } from '@faena/domain/forms/validate';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { FormRenderer } from '../../../shared/forms/form-renderer.tsx';
import { FormStore, useFormSelector, type FormState } from '../../../shared/forms/form-store.ts';
import { fieldKeysInOrder } from '../../../shared/forms/submission.ts';
import { PhotoField, uploadBlob } from '../../../shared/uploads/index.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { idRefOf, isFileRef, isQueued, OfflineStorageFull, uploadOrKeep } from '../../../shared/offline/offline-queue.ts';
import { saveExecution, useSubmitExecution, useUpgradeExecution } from '../api/checklists-api.ts';
import { answeredCount, photoIds, photoLinks, runnerSections, sectionIndex } from '../lib/execution.ts';
import { localExecution, queueLocalDraft, saveLocalDraft, type LocalDraft } from '../lib/local-drafts.ts';
import { uploadIdOf } from '../lib/files.ts';
import { SignaturePad, type SignaturePadHandle } from './signature-pad.tsx';
import { useDraftAutosave, type DraftSaveStatus } from './use-draft-autosave.ts';

interface ItemExtrasValue {
  notes: Record<string, string>;
  photos: Record<string, string[]>;
  setNote: (key: string, text: string) => void;
  setPhotos: (key: string, links: string[]) => void;
}
const ItemExtrasContext = createContext<ItemExtrasValue | null>(null);

const MAX_ITEM_PHOTOS = 5;

/** A note and photos on any item (under the field, folded until used). */
function ItemExtras({ field }: { field: InputField }) {
  const { t } = useTranslation();
  const value = useContext(ItemExtrasContext);
  const key = String(field.id);
  const note = value?.notes[key] ?? '';
  const photos = value?.photos[key] ?? [];
  const [open, setOpen] = useState<{ note: boolean; photos: boolean }>({ note: note !== '', photos: photos.length > 0 });
  if (!value) return null;
  const label = field.label || field.name;
  return (
    <Stack gap={6} mt={6} data-testid={`item-extras-${field.name}`}>
      <Group gap="xs">
        <Button
          variant={open.note ? 'light' : 'subtle'}
          size="sm"
          leftSection={<IconNote size={18} />}
          onClick={() => setOpen((current) => ({ ...current, note: !current.note }))}
          aria-expanded={open.note}
          data-testid={`item-note-toggle-${field.name}`}
        >
          {note ? t('checklists.run.noteEdit') : t('checklists.run.noteAdd')}
        </Button>
        <Button
          variant={open.photos ? 'light' : 'subtle'}
          size="sm"
          leftSection={<IconCamera size={18} />}
          onClick={() => setOpen((current) => ({ ...current, photos: !current.photos }))}
          aria-expanded={open.photos}
          data-testid={`item-photos-toggle-${field.name}`}
        >
          {photos.length > 0 ? t('checklists.run.photosCount', { count: photos.length }) : t('checklists.run.photosAdd')}
        </Button>
      </Group>
      {open.note && (
        <Textarea
          aria-label={t('checklists.run.noteLabel', { label })}
          placeholder={t('checklists.run.notePlaceholder')}
          autosize
          minRows={2}
          maxLength={5000}
          value={note}
          onChange={(event) => value.setNote(key, event.currentTarget.value)}
          data-testid={`item-note-${field.name}`}
        />
      )}
      {open.photos && <PhotoField value={photos} onChange={(links) => value.setPhotos(key, links)} maxPhotos={MAX_ITEM_PHOTOS} label={t('checklists.run.photosLabel', { label })} />}
    </Stack>
  );
}

export function SaveIndicator({ status, onDevice = false }: { status: DraftSaveStatus; onDevice?: boolean }) {
  const { t } = useTranslation();
  const map = {
    saved: { icon: <IconCloudCheck size={16} />, color: 'teal', text: t('checklists.run.saved') },
    pending: { icon: <IconCloudUpload size={16} />, color: 'gray', text: t('checklists.run.pending') },
    saving: { icon: <IconCloudUpload size={16} />, color: 'gray', text: t('checklists.run.saving') },
    error: { icon: <IconAlertTriangle size={16} />, color: 'red', text: t('checklists.run.saveError') },
    offline: { icon: <IconWifiOff size={16} />, color: 'orange', text: t('checklists.run.offline') },
  } as const;
  // a draft started with no connection is saved on the device, never on the server
  const entry = onDevice && status === 'saved' ? { icon: <IconWifiOff size={16} />, color: 'orange', text: t('checklists.run.savedOnDevice') } : map[status];
  return (
    <Badge variant="light" color={entry.color} leftSection={entry.icon} size="lg" radius="sm" role="status" data-testid="save-status" data-status={status}>
      {entry.text}
    </Badge>
  );
}

const selectValues = (state: FormState) => state.values;

/**
 * Answering a checklist on a phone (decision 026): one section at a time with its progress, the
 * shared form renderer for the items, a note and photos on any item, the draft saved on the
 * server as it changes (and resumed at the saved section), signatures, then the submit. A draft
 * started with no connection (`local`, decision 031) is saved on the device instead, and its submit
 * queues the start and the submit as one submission.
 */
export function ExecutionRunner({
  execution,
  local,
  onSubmitted,
  onReplaced,
}: {
  execution: TExecution;
  local?: LocalDraft | undefined;
  onSubmitted: (execution: TExecution) => void;
  onReplaced: (execution: TExecution) => void;
}) {
  const { t } = useTranslation();
  const definition = execution.definition;
  const sections = useMemo(() => runnerSections(definition), [definition]);
  const allFields = useMemo(() => sections.flatMap((section) => section.fields), [sections]);
  const [store] = useState(() => new FormStore(execution.answers));
  const [index, setIndex] = useState(() => sectionIndex(sections, execution.current_section));
  const [notes, setNotes] = useState<Record<string, string>>(execution.notes);
  const [photos, setPhotosState] = useState<Record<string, string[]>>(() => (local ? local.photos : photoLinks(execution.photos)));
  const [secondName, setSecondName] = useState('');
  const [signErrors, setSignErrors] = useState<{ executor?: string | undefined; second?: string | undefined }>({});
  const [dropped, setDropped] = useState<string[]>([]);
  const executorPad = useRef<SignaturePadHandle>(null);
  const secondPad = useRef<SignaturePadHandle>(null);
  const submit = useSubmitExecution(execution.id, execution.checklist.name);
  const [queued, setQueued] = useState(false);
  const upgrade = useUpgradeExecution(execution.id);
  const isSigning = index >= sections.length;
  const needsSigning = definition.signatures.executor || definition.signatures.second;
  const section = sections[Math.min(index, sections.length - 1)];

  // on the device photos are kept as links or refs of kept files; the server stores upload ids
  const extras = useMemo(() => ({ notes, photos: local ? photos : photoIds(photos), section: section?.id ?? null }), [local, notes, photos, section]);
  const [photoIdsAtStart] = useState(() => (local ? local.photos : photoIds(photoLinks(execution.photos))));
  const saveDraft = useCallback(
    async (id: string, body: Parameters<typeof saveExecution>[1]) => (local ? localExecution(await saveLocalDraft(local.owner, local.checklistId, body)) : saveExecution(id, body)),
    [local],
  );
  const autosave = useDraftAutosave({
    execution: { ...execution, photoIds: photoIdsAtStart },
    store,
    extras,
    save: saveDraft,
    onStale: useCallback(
      (server: TExecution) => {
        toast.info(t('checklists.run.staleLoaded'));
        onReplaced(server);
      },
      [onReplaced, t],
    ),
    onSubmitted: useCallback(() => {
      toast.info(t('checklists.run.alreadySubmitted'));
      onReplaced({ ...execution, status: 'submitted' });
    }, [execution, onReplaced, t]),
  });

  const extrasValue = useMemo<ItemExtrasValue>(
    () => ({
      notes,
      photos,
      setNote: (key, text) => setNotes((current) => ({ ...current, [key]: text })),
      setPhotos: (key, links) => setPhotosState((current) => ({ ...current, [key]: links })),
    }),
    [notes, photos],
  );
  const fieldExtras = useCallback((field: InputField) => <ItemExtras field={field} />, []);
  const values = useFormSelector(store, selectValues);
  const progress = answeredCount(allFields, values);

  const go = (next: number) => {
    setIndex(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  /** Every section's answers checked by the engine; on a problem, its section is shown with the messages. */
  const showProblems = (errors: Map<string, string>) => {
    store.setErrors(errors, FORM_MESSAGES.formHasErrors);
    const first = fieldKeysInOrder(allFields).find((key) => errors.has(key));
    const at = sections.findIndex((candidate) => candidate.fields.some((field) => 'name' in field && field.name === first?.split('.')[0]));
    if (at >= 0) go(at);
  };

  const send = async () => {
    const answers = store.getState().values;
    const problems = validateResponse(allFields, answers);
    if (problems.length > 0) {
      showProblems(fieldErrorMap(problems));
      return;
    }
    const nextErrors: typeof signErrors = {};
    if (definition.signatures.executor && executorPad.current?.isEmpty()) nextErrors.executor = t('checklists.sign.required');
    if (definition.signatures.second && secondPad.current?.isEmpty()) nextErrors.second = t('checklists.sign.required');
    if (definition.signatures.second && secondName.trim() === '') nextErrors.second = t('checklists.sign.nameRequired');
    setSignErrors(nextErrors);
    if (nextErrors.executor || nextErrors.second) return;
    try {
      await autosave.flush();
      const signatures: { executor?: string | null; second?: { file: string; name: string } | null } = {};
      const upload = async (pad: SignaturePadHandle | null) => {
        const blob = await pad?.toBlob();
        if (!blob) return null;
        // offline the signature is kept on the device and uploaded by the sync queue (decision 031)
        const link = await uploadOrKeep(blob, 'firma.png', () => uploadBlob(blob, 'firma.png'));
        return isFileRef(link) ? idRefOf(link) : uploadIdOf(link);
      };
      if (definition.signatures.executor) signatures.executor = await upload(executorPad.current);
      if (definition.signatures.second) {
        const file = await upload(secondPad.current);
        if (file) signatures.second = { file, name: secondName.trim() };
      }
      // The server validates and converts the answers as the renderer holds them (like a draft).
      // photos taken offline go as references the sync queue uploads first
      const sentPhotos = Object.fromEntries(
        Object.entries(photos).map(([key, links]) => [key, links.map((link) => (isFileRef(link) ? idRefOf(link) : uploadIdOf(link))).filter((id): id is string => id !== null)]),
      );
      const body = { answers, notes, photos: sentPhotos, signatures };
      const done = local ? await queueLocalDraft(local, body) : await submit.mutateAsync(body);
      autosave.stop();
      if (isQueued(done)) {
        setQueued(true);
        toast.info(t('offline.queued'));
        return;
      }
      onSubmitted(done);
    } catch (error) {
      if (isHttpError(error) && error.status === 400) {
        const mapped = fromAssertionErrors(error.body, fieldKeysInOrder(allFields));
        if (mapped && mapped.fields.size > 0) {
          showProblems(mapped.fields);
          return;
        }
        if (error.code === 'signature-required') {
          setSignErrors({ executor: definition.signatures.executor ? t('checklists.sign.required') : undefined, second: definition.signatures.second ? t('checklists.sign.required') : undefined });
          return;
        }
      }
      if (isHttpError(error) && error.status === 409 && error.code === 'already-submitted') {
        autosave.stop();
        toast.info(t('checklists.run.alreadySubmitted'));
        onReplaced({ ...execution, status: 'submitted' });
        return;
      }
      if (isHttpError(error) && error.status === 409 && error.code === 'outdated-draft') {
        toast.error(t('checklists.run.outdatedSubmit'));
        return;
      }
      if (error instanceof OfflineStorageFull) {
        toast.error(t('offline.storageFull'));
        return;
      }
      toast.error(isHttpError(error) && error.detail ? error.detail : t('checklists.run.submitFailed'));
    }
  };

  const doUpgrade = () => {
    void autosave.flush().then(() =>
      upgrade.mutate(undefined, {
        onSuccess: (answer) => {
          setDropped(answer.dropped);
          autosave.stop();
          onReplaced(answer.execution);
        },
        onError: () => toast.error(t('checklists.run.upgradeFailed')),
      }),
    );
  };

  if (queued) {
    return (
      <Alert color="orange" icon={<IconCloudUpload size={18} />} maw={720} mx="auto" data-testid="execution-queued">
        {t('offline.queued')}
      </Alert>
    );
  }

  const droppedLabels = dropped.map((key) => definition.fields.find((field) => String(field.id) === key)).map((field) => (field && 'label' in field ? field.label || field.name : ''));

  return (
    <ItemExtrasContext.Provider value={extrasValue}>
      <Stack gap="md" maw={720} mx="auto" data-testid="execution-runner">
        <Paper withBorder radius="md" p="sm" style={{ position: 'sticky', top: 0, zIndex: 3 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={700} size="sm" truncate="end">
              {execution.checklist.name}
            </Text>
            <SaveIndicator status={autosave.status} onDevice={Boolean(local)} />
          </Group>
          <Text size="xs" c="dimmed" mt={4} data-testid="runner-step">
            {isSigning ? t('checklists.run.signStep') : t('checklists.run.step', { current: index + 1, total: sections.length })} ·{' '}
            {t('checklists.run.answered', { answered: progress.answered, total: progress.total })}
          </Text>
          <Progress value={progress.total > 0 ? (progress.answered / progress.total) * 100 : 0} mt={6} size="lg" radius="xl" aria-label={t('checklists.run.progress')} data-testid="runner-progress" />
        </Paper>

        {execution.outdated && (
          <Alert color="orange" icon={<IconAlertTriangle />} title={t('checklists.run.outdatedTitle')} data-testid="outdated-banner">
            <Text size="sm">{t('checklists.run.outdatedBody', { version: execution.latest_version })}</Text>
            <Button mt="sm" color="orange" size="md" onClick={doUpgrade} loading={upgrade.isPending} data-testid="upgrade-draft">
              {t('checklists.run.upgrade')}
            </Button>
          </Alert>
        )}
        {dropped.length > 0 && (
          <Alert color="yellow" title={t('checklists.run.droppedTitle')} withCloseButton onClose={() => setDropped([])}>
            {droppedLabels.filter(Boolean).join(', ')}
          </Alert>
        )}

        {!isSigning && section && (
          <Stack gap="sm" key={section.id}>
            <Title order={2} fz={22} data-testid="section-title">
              {section.title}
            </Title>
            <FormRenderer
              fields={section.fields}
              store={store}
              fieldExtras={fieldExtras}
              submitLabel={index === sections.length - 1 ? (needsSigning ? t('checklists.run.toSign') : t('checklists.run.review')) : t('checklists.run.next')}
              onSubmit={async () => {
                store.setErrors(new Map(), null);
                go(index + 1);
              }}
              actions={
                index > 0 ? (
                  <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => go(index - 1)} data-testid="section-back">
                    {t('checklists.run.back')}
                  </Button>
                ) : undefined
              }
              aria-label={section.title}
            />
          </Stack>
        )}

        {isSigning && (
          <Stack gap="md" data-testid="sign-step">
            <Title order={2} fz={22}>
              {needsSigning ? t('checklists.sign.title') : t('checklists.run.reviewTitle')}
            </Title>
            <Text size="sm">{t('checklists.run.answered', { answered: progress.answered, total: progress.total })}</Text>
            {definition.signatures.executor && (
              <SignaturePad
                ref={executorPad}
                label={t('checklists.sign.executor')}
                error={signErrors.executor}
                testId="signature-executor"
                onChange={() => setSignErrors((current) => ({ ...current, executor: undefined }))}
              />
            )}
            {definition.signatures.second && (
              <>
                <TextInput label={t('checklists.sign.secondName')} value={secondName} onChange={(event) => setSecondName(event.currentTarget.value)} size="md" data-testid="signature-second-name" />
                <SignaturePad
                  ref={secondPad}
                  label={t('checklists.sign.second')}
                  error={signErrors.second}
                  testId="signature-second"
                  onChange={() => setSignErrors((current) => ({ ...current, second: undefined }))}
                />
              </>
            )}
            <Group justify="space-between" gap="sm">
              <Button variant="default" size="md" leftSection={<IconArrowLeft size={18} />} onClick={() => go(sections.length - 1)}>
                {t('checklists.run.back')}
              </Button>
              <Button size="md" leftSection={<IconCheck size={18} />} onClick={() => void send()} loading={submit.isPending} disabled={execution.outdated} data-testid="execution-submit">
                {t('checklists.run.submit')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </ItemExtrasContext.Provider>
  );
}
