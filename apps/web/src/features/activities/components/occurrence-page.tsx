import { Alert, Anchor, Badge, Button, Card, Group, Image, List, Loader, Paper, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { IconCalendarDown, IconCheck, IconEdit, IconListCheck, IconRotate, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TActivityFile, TOccurrenceDetail } from '@faena/contracts';
import { describeRecurrence } from '@faena/domain/activities/describe-recurrence';
import { formatRecurrenceId } from '@faena/domain/activities/recurrence-id';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { useForm } from '../../../shared/forms/api/get-form.ts';
import { FormRenderer } from '../../../shared/forms/form-renderer.tsx';
import { RichHtml } from '../../../shared/forms/rich-html.tsx';
import { isQueued, OfflineStorageFull } from '../../../shared/offline/offline-queue.ts';
import { usePendingWork } from '../../../shared/offline/use-offline-sync.ts';
import { downloadText, fileNameOf } from '../../../shared/lib/download.ts';
import { useFileCookie, useFileUrl } from '../../../shared/uploads/index.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { NoAccess } from '../../../shared/ui/no-access.tsx';
import { NotFoundPage } from '../../../shared/ui/not-found-page.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { occurrenceIcs, occurrenceUrl, useCompleteOccurrence, useOccurrence, useRecurrencePreview, useReopenOccurrence } from '../api/activities-api.ts';
import { formatWhen, occurrencePath, PRIORITY_COLORS, priorityKey, recurrenceLanguage, STATUS_COLORS, viewerTimeZone } from '../lib/format.ts';
import { useActivitiesAccess } from './use-activities-access.ts';

/** /activities/:id/:recurrenceId — one occurrence, its series, its history and what can be done with it. */
export function OccurrencePage({ id, recurrenceId }: { id: string; recurrenceId: string }) {
  const { t } = useTranslation();
  const query = useOccurrence(id, recurrenceId);
  const navigate = useNavigate();
  // 'current' moves on once this occurrence is done: the address names the occurrence shown
  const resolved = recurrenceId === 'current' ? query.data?.recurrenceId : undefined;
  useEffect(() => {
    if (resolved) void navigate(occurrencePath(id, resolved), { replace: true });
  }, [id, resolved, navigate]);
  if (query.isPending) return <Loader />;
  if (query.isError) {
    if (isHttpError(query.error) && query.error.status === 404) return <NotFoundPage />;
    if (isHttpError(query.error) && query.error.status === 403) return <NoAccess problem="permission" />;
    return <Alert color="red">{t('activities.occurrence.loadError')}</Alert>;
  }
  return <OccurrenceView occurrence={query.data} />;
}

function OccurrenceView({ occurrence }: { occurrence: TOccurrenceDetail }) {
  const { t, i18n } = useTranslation();
  const access = useActivitiesAccess();
  const series = occurrence.series;
  const viewerZone = viewerTimeZone();
  const open = occurrence.completion === null && occurrence.status !== 'CANCELLED';
  const editHref = `/activities/create/${encodeURIComponent(occurrence.public_id)}?occurrence=${encodeURIComponent(occurrence.recurrenceId)}`;

  const downloadIcs = async () => {
    try {
      const text = await occurrenceIcs(occurrence.public_id, occurrence.recurrenceId);
      downloadText(`${fileNameOf(occurrence.title, 'actividad')}.ics`, text, 'text/calendar;charset=utf-8');
    } catch {
      toast.error(t('activities.occurrence.icsError'));
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <BackLink to="/activities">{t('activities.occurrence.back')}</BackLink>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 280px' }}>
          <Title order={1} fz={{ base: 24, sm: 30 }} data-testid="occurrence-title">
            {occurrence.title}
          </Title>
          <Group gap={6}>
            <Badge color={STATUS_COLORS[occurrence.status] ?? 'gray'} variant="light" size="lg" data-testid="occurrence-status">
              {t(`activities.status.${occurrence.status}`)}
            </Badge>
            <Badge color={PRIORITY_COLORS[occurrence.priority] ?? 'gray'} variant="outline" size="lg">
              {t(priorityKey(occurrence.priority))}
            </Badge>
          </Group>
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconCalendarDown size={18} />} onClick={() => void downloadIcs()} data-testid="download-ics">
            {t('activities.occurrence.ics')}
          </Button>
          {access.canManage && series.can_edit && (
            <Button component={Link} to={editHref} leftSection={<IconEdit size={18} />} data-testid="edit-activity">
              {t('activities.occurrence.edit')}
            </Button>
          )}
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Detail label={t('activities.occurrence.when')}>
            <Text data-testid="occurrence-when">
              {formatWhen(occurrence.startDate, i18n.language, occurrence.timezone)} ({occurrence.timezone})
            </Text>
            {viewerZone !== occurrence.timezone && (
              <Text size="sm" c="dimmed">
                {t('activities.occurrence.yourTime', { when: formatWhen(occurrence.startDate, i18n.language, viewerZone), zone: viewerZone })}
              </Text>
            )}
            {occurrence.duration > 0 && (
              <Text size="sm" c="dimmed">
                {t('activities.occurrence.until', { when: formatWhen(occurrence.dueDate, i18n.language, occurrence.timezone) })}
              </Text>
            )}
          </Detail>
          {occurrence.venue && <Detail label={t('activities.form.venue')}>{occurrence.venue.name}</Detail>}
          {occurrence.location && <Detail label={t('activities.form.location')}>{occurrence.location.name}</Detail>}
          {occurrence.categories.length > 0 && <Detail label={t('activities.form.categories')}>{occurrence.categories.map((c) => c.name).join(', ')}</Detail>}
          <Detail label={t('activities.form.responsibles')}>{occurrence.responsible.length > 0 ? occurrence.responsible.map((p) => p.name).join(', ') : t('activities.occurrence.nobody')}</Detail>
          {series.audience && <Detail label={t('activities.form.audience')}>{series.audience.name}</Detail>}
          {occurrence.description && (
            <Detail label={t('activities.form.description')}>
              <RichHtml html={occurrence.description} />
            </Detail>
          )}
          {occurrence.files && occurrence.files.length > 0 && <OccurrenceFiles files={occurrence.files} />}
        </Stack>
      </Paper>

      <OccurrenceActions occurrence={occurrence} open={open} />

      <SeriesCard occurrence={occurrence} />

      {occurrence.history.length > 0 && (
        <Card withBorder radius="md">
          <Title order={2} fz="lg" mb="sm">
            {t('activities.occurrence.history')}
          </Title>
          <Timeline bulletSize={14} lineWidth={2} data-testid="occurrence-history">
            {occurrence.history.map((entry, index) => (
              <Timeline.Item key={`${entry.at}-${index}`} title={t(`activities.history.${entry.action}`, { defaultValue: entry.action })}>
                <Text size="sm" c="dimmed">
                  {formatWhen(entry.at, i18n.language)} · {entry.who?.name ?? t('activities.occurrence.system')}
                </Text>
                {entry.detail && (entry.action === 'completed' || entry.action === 'cancelled') && <Text size="sm">{entry.detail}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
      )}
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
        {label}
      </Text>
      {typeof children === 'string' ? <Text>{children}</Text> : children}
    </div>
  );
}

/** The files the activity holds (a corrective action: the failed item's photos): thumbnails linking to the download. */
function OccurrenceFiles({ files }: { files: TActivityFile[] }) {
  const { t } = useTranslation();
  // the links download with the file cookie (API.md session-cookie), as images in descriptions do
  useFileCookie();
  return (
    <Detail label={t('activities.occurrence.photos')}>
      <Group gap="xs" data-testid="occurrence-files">
        {files.map((file) => (
          <FileThumb key={file.id} file={file} />
        ))}
      </Group>
    </Detail>
  );
}

function FileThumb({ file }: { file: TActivityFile }) {
  const image = file.content_type.startsWith('image/');
  const { url } = useFileUrl(image ? file.url : null);
  return (
    <Anchor href={file.url} target="_blank" rel="noreferrer" title={file.name} data-testid="occurrence-file">
      {!image ? (
        <Text size="sm">{file.name}</Text>
      ) : url ? (
        <Image src={url} alt={file.name} w={96} h={96} fit="cover" radius="sm" />
      ) : (
        <div role="img" aria-label={file.name} style={{ width: 96, height: 96, background: 'var(--mantine-color-gray-1)', borderRadius: 8 }} />
      )}
    </Anchor>
  );
}

/** Complete (with a note, or by filling the form), cancel, reopen. */
function OccurrenceActions({ occurrence, open }: { occurrence: TOccurrenceDetail; open: boolean }) {
  const { t, i18n } = useTranslation();
  const complete = useCompleteOccurrence(occurrence.public_id, occurrence.recurrenceId, occurrence.title);
  const reopen = useReopenOccurrence(occurrence.public_id, occurrence.recurrenceId);
  const [note, setNote] = useState('');
  const formId = occurrence.content?.content_type === 'form' ? occurrence.content.form_id : undefined;
  const checklistId = occurrence.content?.content_type === 'checklist' ? occurrence.content.checklist_id : undefined;
  const form = useForm(open ? formId : undefined);
  const record = (status: 'COMPLETED' | 'CANCELLED') =>
    complete.mutate(
      { status, description: note.trim() || null },
      {
        onSuccess: (answer) => (isQueued(answer) ? toast.info(t('offline.queued')) : toast.show(t(status === 'COMPLETED' ? 'activities.occurrence.completed' : 'activities.occurrence.cancelled'))),
        onError: (error) =>
          toast.error(
            error instanceof OfflineStorageFull
              ? t('offline.storageFull')
              : isHttpError(error) && error.status === 409
                ? t('activities.occurrence.alreadyCompleted')
                : t('activities.occurrence.saveError'),
          ),
      },
    );

  // a completion of this occurrence already waiting on the device (made before a reload)
  const pending = usePendingWork();
  const completionPath = `${occurrenceUrl(occurrence.public_id, occurrence.recurrenceId)}completion/`;
  const waiting = pending.data?.items.some((item) => item.path === completionPath && item.state === 'pending') ?? false;
  if (isQueued(complete.data) || waiting) {
    return (
      <Alert color="orange" data-testid="occurrence-queued">
        {t('offline.queued')}
      </Alert>
    );
  }
  if (occurrence.completion) {
    const done = occurrence.completion;
    return (
      <Alert
        color={done.status === 'CANCELLED' ? 'gray' : 'green'}
        title={t(done.status === 'CANCELLED' ? 'activities.occurrence.wasCancelled' : 'activities.occurrence.wasCompleted')}
        data-testid="occurrence-completion"
      >
        <Stack gap={6}>
          <Text size="sm">{[done.user?.name, done.completed_at ? formatWhen(done.completed_at, i18n.language) : null].filter(Boolean).join(' · ')}</Text>
          {done.description && <Text size="sm">{done.description}</Text>}
          {checklistId && done.status === 'COMPLETED' && done.response_id && (
            <Anchor component={Link} to={`/checklists/executions/${encodeURIComponent(done.response_id)}`} size="sm" data-testid="occurrence-checklist-execution">
              {t('activities.occurrence.seeChecklistExecution')}
            </Anchor>
          )}
          <Group>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconRotate size={16} />}
              loading={reopen.isPending}
              onClick={() => reopen.mutate(undefined, { onError: () => toast.error(t('activities.occurrence.saveError')) })}
            >
              {t('activities.occurrence.reopen')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (!open) return null;

  return (
    <Card withBorder radius="md" data-testid="occurrence-actions">
      <Stack gap="sm">
        {checklistId ? (
          <>
            <Title order={2} fz="lg">
              {t('activities.occurrence.checklistTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('activities.occurrence.checklistHint')}
            </Text>
            <Group>
              <Button
                component={Link}
                to={`/checklists/${encodeURIComponent(checklistId)}/execute?${new URLSearchParams({ activity: occurrence.public_id, occurrence: occurrence.recurrenceId, ...(occurrence.venue ? { venue: occurrence.venue.id } : {}) }).toString()}`}
                leftSection={<IconListCheck size={18} />}
                mih={44}
                data-testid="execute-checklist"
              >
                {t('activities.occurrence.executeChecklist')}
              </Button>
              <Button variant="default" leftSection={<IconX size={18} />} onClick={() => record('CANCELLED')} loading={complete.isPending} mih={44}>
                {t('activities.occurrence.cancel')}
              </Button>
            </Group>
          </>
        ) : formId ? (
          <>
            <Title order={2} fz="lg">
              {t('activities.occurrence.fillForm')}
            </Title>
            {form.isPending ? (
              <Loader />
            ) : form.isError ? (
              <Alert color="red">{t('activities.occurrence.formError')}</Alert>
            ) : (
              <FormRenderer
                fields={form.data.description}
                aria-label={form.data.name}
                submitLabel={t('activities.occurrence.completeWithForm')}
                onSubmit={async (response) => {
                  const answer = await complete.mutateAsync({ status: 'COMPLETED', response, description: note.trim() || null });
                  toast.show(t(isQueued(answer) ? 'offline.queued' : 'activities.occurrence.completed'));
                }}
              />
            )}
            <Textarea label={t('activities.occurrence.note')} value={note} onChange={(event) => setNote(event.currentTarget.value)} autosize minRows={2} />
            <Group>
              <Button variant="default" color="red" leftSection={<IconX size={18} />} onClick={() => record('CANCELLED')} loading={complete.isPending} mih={44}>
                {t('activities.occurrence.cancel')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Textarea label={t('activities.occurrence.note')} value={note} onChange={(event) => setNote(event.currentTarget.value)} autosize minRows={2} data-testid="completion-note" />
            <Group>
              <Button leftSection={<IconCheck size={18} />} onClick={() => record('COMPLETED')} loading={complete.isPending} mih={44} data-testid="complete-occurrence">
                {t('activities.occurrence.complete')}
              </Button>
              <Button variant="default" leftSection={<IconX size={18} />} onClick={() => record('CANCELLED')} loading={complete.isPending} mih={44}>
                {t('activities.occurrence.cancel')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The series: its rule in words and its next occurrences. */
function SeriesCard({ occurrence }: { occurrence: TOccurrenceDetail }) {
  const { t, i18n } = useTranslation();
  const series = occurrence.series;
  const recurring = Boolean(series.rrule) || series.rdates.length > 0;
  const preview = useRecurrencePreview(recurring ? { start: series.start, timezone: series.timezone, rrule: series.rrule, rdates: series.rdates, exdates: series.exdates, count: 10 } : null);
  const [now] = useState(() => Date.now());
  if (!recurring) return null;
  const next = (preview.data?.occurrences ?? [])
    .filter((instant) => Date.parse(instant) >= now && instant !== occurrence.startDate && formatRecurrenceId(Date.parse(instant)) !== occurrence.recurrenceId)
    .slice(0, 5);
  return (
    <Card withBorder radius="md" data-testid="series-card">
      <Title order={2} fz="lg" mb="xs">
        {t('activities.occurrence.series')}
      </Title>
      <Text data-testid="series-rule">
        {describeRecurrence(series.rrule, { language: recurrenceLanguage(i18n.language), startYear: Number(series.start.slice(0, 4)), rdates: series.rdates.length, exdates: series.exdates.length })}
      </Text>
      {next.length > 0 && (
        <>
          <Text size="sm" c="dimmed" mt="sm">
            {t('activities.occurrence.next')}
          </Text>
          <List size="sm">
            {next.map((instant) => (
              <List.Item key={instant}>
                <Anchor component={Link} to={occurrencePath(series.public_id, formatRecurrenceId(Date.parse(instant)))} data-testid="next-occurrence">
                  {formatWhen(instant, i18n.language, series.timezone)}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  );
}
