import { Alert, Button, Checkbox, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TActivityDetail, TActivityWrite, TOccurrenceWrite } from '@faena/contracts';
import { ACTIVITY_PRIORITIES, DEFAULT_PRIORITY } from '@faena/domain/activities/constants';
import { rruleOfSpec, specOfRRule } from '@faena/domain/activities/describe-recurrence';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { RichTextEditor } from '../../../shared/forms/rich-text/rich-text-editor.tsx';
import { openModal } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useCategories, useCreateActivity, useDeleteActivity, useEditOccurrence, useSplitActivity, useUpdateActivity } from '../api/activities-api.ts';
import { occurrencePath, priorityKey } from '../lib/format.ts';
import { nextHourWall } from '../lib/wall.ts';
import { RecurrenceEditor, type RecurrenceValue } from './recurrence-editor.tsx';
import { AUDIENCES_SOURCE, FORMS_SOURCE, LOCATIONS_SOURCE, PEOPLE_SOURCE, RemoteMultiSelect, RemoteSelect, VENUES_SOURCE, type Choice } from '../../../shared/ui/remote-select.tsx';

const REMINDER_PRESETS = [15, 60, 1440] as const;
const WALL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
export type EditScope = 'this' | 'following' | 'all';

interface State {
  title: string;
  description: string;
  contentMode: 'text' | 'form';
  formId: string | null;
  venueId: string | null;
  locationId: string | null;
  categoryIds: string[];
  responsibles: string[];
  audience: string | null;
  priority: number;
  start: string;
  durationMinutes: number;
  timezone: string | null;
  reminders: number[];
  recurrence: RecurrenceValue;
}

function initialState(activity: TActivityDetail | undefined, occurrenceStart: string | undefined): State {
  if (!activity)
    return {
      title: '',
      description: '',
      contentMode: 'text',
      formId: null,
      venueId: null,
      locationId: null,
      categoryIds: [],
      responsibles: [],
      audience: null,
      priority: DEFAULT_PRIORITY,
      start: nextHourWall(new Date()),
      durationMinutes: 60,
      timezone: null,
      reminders: [15],
      recurrence: { spec: { kind: 'none' }, rdates: [], exdates: [] },
    };
  return {
    title: activity.title,
    description: activity.description ?? '',
    contentMode: activity.content?.content_type === 'form' ? 'form' : 'text',
    formId: activity.content?.content_type === 'form' ? activity.content.form_id : null,
    venueId: activity.venue?.id ?? null,
    locationId: activity.location?.id ?? null,
    categoryIds: activity.categories.map((c) => c.id),
    responsibles: activity.responsibles.map((p) => p.passport),
    audience: activity.audience?.id ?? null,
    priority: activity.priority,
    start: occurrenceStart ?? activity.start,
    durationMinutes: activity.duration_minutes,
    timezone: activity.timezone,
    reminders: activity.reminders,
    recurrence: { spec: specOfRRule(activity.rrule), rdates: activity.rdates, exdates: activity.exdates },
  };
}

const TIME_ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['America/Santiago', 'America/Mexico_City', 'UTC'];

export interface ActivityFormProps {
  activity?: TActivityDetail;
  /** Editing from an occurrence: its recurrence id and start (wall time in the series' zone). */
  occurrence?: { recurrenceId: string; start: string };
}

/** /activities/create and /activities/create/:id — the activity and its recurrence. */
export function ActivityForm({ activity, occurrence }: ActivityFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<State>(() => initialState(activity, occurrence?.start));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverCode, setServerCode] = useState<string | null>(null);
  const [customReminder, setCustomReminder] = useState<number | ''>('');
  const categories = useCategories();
  const create = useCreateActivity();
  const update = useUpdateActivity(activity?.public_id ?? '');
  const split = useSplitActivity(activity?.public_id ?? '');
  const editOne = useEditOccurrence(activity?.public_id ?? '');
  const remove = useDeleteActivity(activity?.public_id ?? '');
  const saving = create.isPending || update.isPending || split.isPending || editOne.isPending;
  const set = <K extends keyof State>(key: K, value: State[K]) => setState((current) => ({ ...current, [key]: value }));
  const recurring = Boolean(activity && (activity.rrule || activity.rdates.length > 0));

  const body = (scope: EditScope): TActivityWrite => {
    let start = state.start;
    // "Todas" from an occurrence: the series keeps its first date; a new time of day applies to all
    if (scope === 'all' && activity && occurrence) start = state.start === occurrence.start ? activity.start : `${activity.start.slice(0, 10)}${state.start.slice(10)}`;
    return {
      title: state.title.trim(),
      description: state.contentMode === 'text' && state.description.trim() && state.description !== '<p></p>' ? state.description : null,
      content: state.contentMode === 'form' && state.formId ? { form_id: state.formId } : null,
      venue_id: state.venueId,
      location_id: state.locationId,
      category_ids: state.categoryIds,
      responsibles: state.responsibles,
      audience: state.audience,
      priority: state.priority,
      start,
      ...(state.timezone ? { timezone: state.timezone } : {}),
      duration_minutes: state.durationMinutes,
      rrule: rruleOfSpec(state.recurrence.spec),
      rdates: state.recurrence.spec.kind === 'none' ? [] : state.recurrence.rdates,
      exdates: state.recurrence.spec.kind === 'none' ? [] : state.recurrence.exdates,
      reminders: state.reminders,
    };
  };

  const validate = (): boolean => {
    const next: Record<string, string> = {};
    if (!state.title.trim()) next.title = t('activities.form.required');
    if (!WALL.test(state.start)) next.start = t('activities.form.required');
    if (state.contentMode === 'form' && !state.formId) next['content.form_id'] = t('activities.form.required');
    if (state.recurrence.spec.kind === 'weekly' && state.recurrence.spec.weekdays.length === 0) next.rrule = t('activities.recurrence.pickDays');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const onError = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    if (fields) {
      setErrors(Object.fromEntries(Object.entries(fields).map(([path, value]) => [path, value.texts.join(' ')])));
      return;
    }
    const code = isHttpError(error) && typeof error.body === 'object' && error.body !== null ? (error.body as { code?: string }).code : undefined;
    if (code) setServerCode(code);
    else toast.error(t('activities.form.saveError'));
  };

  const askScope = () =>
    openModal<EditScope | null>({
      id: 'activity-edit-scope',
      title: t('activities.scope.title'),
      size: 'sm',
      dismissValue: null,
      render: (answer) => (
        <Stack gap="xs">
          <Text size="sm">{t('activities.scope.question')}</Text>
          <Button variant="default" onClick={() => answer('this')} data-testid="scope-this" mih={44}>
            {t('activities.scope.this')}
          </Button>
          <Button variant="default" onClick={() => answer('following')} data-testid="scope-following" mih={44}>
            {t('activities.scope.following')}
          </Button>
          <Button variant="default" onClick={() => answer('all')} data-testid="scope-all" mih={44}>
            {t('activities.scope.all')}
          </Button>
        </Stack>
      ),
    });

  const submit = async () => {
    setServerCode(null);
    if (!validate()) return;
    const done = (publicId: string, recurrenceId = 'current') => {
      toast.show(t('activities.form.saved'));
      void navigate(occurrencePath(publicId, recurrenceId));
    };
    if (!activity) {
      create.mutate(body('all'), { onSuccess: (created) => done(created.public_id), onError });
      return;
    }
    const scope: EditScope | null = recurring && occurrence ? await askScope() : 'all';
    if (!scope) return;
    if (scope === 'all') update.mutate(body('all'), { onSuccess: (saved) => done(saved.public_id, occurrence?.recurrenceId), onError });
    else if (scope === 'following' && occurrence) split.mutate({ ...body('following'), recurrence_id: occurrence.recurrenceId }, { onSuccess: (created) => done(created.public_id), onError });
    else if (occurrence) {
      const change: TOccurrenceWrite = { title: state.title.trim(), priority: state.priority, duration_minutes: state.durationMinutes, responsibles: state.responsibles };
      if (state.start !== occurrence.start) change.start = state.start;
      editOne.mutate({ recurrenceId: occurrence.recurrenceId, body: change }, { onSuccess: (saved) => done(saved.public_id, saved.recurrenceId), onError });
    }
  };

  const confirmDelete = async () => {
    if (!activity) return;
    const confirmed = await openModal<boolean>({
      id: 'activity-delete',
      title: t('activities.form.deleteTitle'),
      size: 'sm',
      dismissValue: false,
      render: (answer) => (
        <Stack gap="md">
          <Text size="sm">{t('activities.form.deleteMessage', { title: activity.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => answer(false)} mih={44}>
              {t('activities.form.cancel')}
            </Button>
            <Button color="red" onClick={() => answer(true)} mih={44} data-testid="confirm-delete-activity">
              {t('activities.form.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      ),
    });
    if (!confirmed) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.show(t('activities.form.deleted'));
        void navigate('/activities');
      },
      onError: () => toast.error(t('activities.form.deleteError')),
    });
  };

  const toggleReminder = (minutes: number, on: boolean) =>
    set('reminders', on ? [...new Set([...state.reminders, minutes])].sort((a, b) => a - b) : state.reminders.filter((each) => each !== minutes));
  const customReminders = state.reminders.filter((minutes) => !(REMINDER_PRESETS as readonly number[]).includes(minutes));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="activity-form"
    >
      <Stack gap="md">
        {serverCode === 'split-at-first' && <Alert color="yellow">{t('activities.errors.split-at-first')}</Alert>}
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <TextInput
              label={t('activities.form.title')}
              required
              value={state.title}
              onChange={(event) => set('title', event.currentTarget.value)}
              error={errors.title}
              maxLength={200}
              data-testid="activity-title"
            />
            <SegmentedControl
              value={state.contentMode}
              onChange={(mode) => set('contentMode', mode as State['contentMode'])}
              data={[
                { value: 'text', label: t('activities.form.contentText') },
                { value: 'form', label: t('activities.form.contentForm') },
              ]}
              aria-label={t('activities.form.content')}
              data-testid="content-mode"
            />
            {state.contentMode === 'text' ? (
              <div>
                <Text size="sm" fw={500} mb={4} id="activity-description-label">
                  {t('activities.form.description')}
                </Text>
                <RichTextEditor value={state.description} onChange={(html) => set('description', html)} labelledBy="activity-description-label" />
              </div>
            ) : (
              <Stack gap={4}>
                <RemoteSelect
                  source={FORMS_SOURCE}
                  label={t('activities.form.form')}
                  value={state.formId}
                  onChange={(value) => set('formId', value)}
                  error={errors['content.form_id']}
                  data-testid="activity-form-picker"
                  known={activity?.content?.content_type === 'form' ? [{ value: activity.content.form_id, label: t('activities.form.currentForm') }] : undefined}
                />
                <Text size="sm">
                  <Link to="/workflows">{t('activities.form.formBuilderLink')}</Link>
                </Text>
              </Stack>
            )}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} fz="md">
              {t('activities.form.when')}
            </Title>
            <Group grow align="flex-start" preventGrowOverflow={false} wrap="wrap">
              <TextInput
                type="datetime-local"
                label={t('activities.form.start')}
                required
                value={state.start}
                onChange={(event) => set('start', event.currentTarget.value)}
                error={errors.start}
                miw={220}
                data-testid="activity-start"
              />
              <NumberInput
                label={t('activities.form.duration')}
                min={0}
                max={525600}
                step={15}
                value={state.durationMinutes}
                onChange={(value) => set('durationMinutes', Math.max(0, Number(value) || 0))}
                error={errors.duration_minutes}
                miw={140}
              />
              <Select
                label={t('activities.form.timezone')}
                placeholder={t('activities.form.timezoneDefault')}
                searchable
                clearable
                data={TIME_ZONES}
                value={state.timezone}
                onChange={(value) => set('timezone', value)}
                error={errors.timezone}
                data-testid="activity-timezone"
                miw={220}
              />
            </Group>
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('activities.form.reminders')}
              </Text>
              <Group gap="md">
                {REMINDER_PRESETS.map((minutes) => (
                  <Checkbox
                    key={minutes}
                    label={t(`activities.form.reminder.${minutes}`)}
                    checked={state.reminders.includes(minutes)}
                    onChange={(event) => toggleReminder(minutes, event.currentTarget.checked)}
                  />
                ))}
                {customReminders.map((minutes) => (
                  <Checkbox key={minutes} label={t('activities.form.reminder.minutes', { count: minutes })} checked onChange={() => toggleReminder(minutes, false)} />
                ))}
              </Group>
              <Group gap="xs" mt="xs" align="flex-end">
                <NumberInput
                  label={t('activities.form.reminder.custom')}
                  min={0}
                  max={43200}
                  value={customReminder}
                  onChange={(value) => setCustomReminder(typeof value === 'number' ? value : '')}
                  maw={200}
                />
                <Button
                  variant="light"
                  disabled={customReminder === '' || state.reminders.length >= 5}
                  onClick={() => {
                    if (customReminder !== '') toggleReminder(customReminder, true);
                    setCustomReminder('');
                  }}
                >
                  {t('activities.form.reminder.add')}
                </Button>
              </Group>
              {errors.reminders && (
                <Text c="red" size="sm">
                  {errors.reminders}
                </Text>
              )}
            </div>
            <RecurrenceEditor
              value={state.recurrence}
              onChange={(recurrence) => set('recurrence', recurrence)}
              start={state.start}
              timezone={state.timezone}
              serverError={serverCode && serverCode !== 'split-at-first' ? serverCode : (errors.rrule ?? null)}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} fz="md">
              {t('activities.form.who')}
            </Title>
            <RemoteMultiSelect
              source={PEOPLE_SOURCE}
              label={t('activities.form.responsibles')}
              value={state.responsibles}
              onChange={(value) => set('responsibles', value)}
              known={activity?.responsibles.map((p): Choice => ({ value: p.passport, label: p.name }))}
              error={errors.responsibles}
              data-testid="activity-responsibles"
            />
            <RemoteSelect
              source={AUDIENCES_SOURCE}
              label={t('activities.form.audience')}
              value={state.audience}
              onChange={(value) => set('audience', value)}
              known={activity?.audience ? [{ value: activity.audience.id, label: activity.audience.name }] : undefined}
              error={errors.audience}
            />
            <Select
              label={t('activities.form.priority')}
              data={ACTIVITY_PRIORITIES.map((priority) => ({ value: String(priority), label: t(priorityKey(priority)) }))}
              value={String(state.priority)}
              onChange={(value) => value && set('priority', Number(value))}
              allowDeselect={false}
              error={errors.priority}
              data-testid="activity-priority"
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} fz="md">
              {t('activities.form.where')}
            </Title>
            <RemoteSelect
              source={VENUES_SOURCE}
              label={t('activities.form.venue')}
              value={state.venueId}
              onChange={(value) => set('venueId', value)}
              known={activity?.venue ? [{ value: activity.venue.id, label: activity.venue.name }] : undefined}
              error={errors.venue_id}
            />
            <RemoteSelect
              source={LOCATIONS_SOURCE}
              label={t('activities.form.location')}
              value={state.locationId}
              onChange={(value) => set('locationId', value)}
              known={activity?.location ? [{ value: activity.location.id, label: activity.location.name }] : undefined}
              error={errors.location_id}
            />
            <MultiSelect
              label={t('activities.form.categories')}
              data={(categories.data?.results ?? []).map((category) => ({ value: category.id, label: category.name }))}
              value={state.categoryIds}
              onChange={(value) => set('categoryIds', value)}
              clearable
              searchable
              error={errors.category_ids}
            />
          </Stack>
        </Paper>

        <Group justify="flex-end">
          {activity && (
            <Button variant="subtle" color="red" mr="auto" onClick={() => void confirmDelete()} loading={remove.isPending} mih={44} data-testid="delete-activity">
              {t('activities.form.delete')}
            </Button>
          )}
          <Button variant="default" component={Link} to={activity ? (occurrence ? occurrencePath(activity.public_id, occurrence.recurrenceId) : '/activities') : '/activities'} mih={44}>
            {t('activities.form.cancel')}
          </Button>
          <Button type="submit" loading={saving} mih={44} data-testid="save-activity">
            {t('activities.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
