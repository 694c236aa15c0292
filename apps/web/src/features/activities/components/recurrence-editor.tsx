import { ActionIcon, Alert, Button, Group, List, Loader, NumberInput, Paper, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRecurrence, rruleOfSpec, WEEKDAY_CODES, type RecurrenceEnd, type RecurrenceSpec, type WeekdayCode, type WeekdayOrdinal } from '@faena/domain/activities/describe-recurrence';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { useRecurrencePreview } from '../api/activities-api.ts';
import { formatAtOwnOffset, recurrenceLanguage } from '../lib/format.ts';

export type RecurrenceKind = RecurrenceSpec['kind'];

/** The weekday code of a wall date ("2026-12-07T09:00" → "MO"). */
export function weekdayOfWall(wall: string): WeekdayCode {
  const [y, m, d] = wall.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return WEEKDAY_CODES[(day + 6) % 7] ?? 'MO';
}

/** The editor's default choices of a kind, from the start ("weekly" on the start's weekday…). */
export function defaultSpec(kind: RecurrenceKind, start: string, previous: RecurrenceSpec): RecurrenceSpec {
  const end: RecurrenceEnd = 'end' in previous ? previous.end : { type: 'never' };
  const interval = 'interval' in previous ? previous.interval : 1;
  const valid = /^\d{4}-\d{2}-\d{2}/.test(start);
  switch (kind) {
    case 'none':
      return { kind: 'none' };
    case 'daily':
      return { kind: 'daily', interval, end };
    case 'weekly':
      return { kind: 'weekly', interval, weekdays: valid ? [weekdayOfWall(start)] : ['MO'], end };
    case 'monthly':
      return { kind: 'monthly', interval, mode: 'day', monthDay: valid ? Number(start.slice(8, 10)) : 1, end };
    case 'custom':
      return { kind: 'custom', rrule: rruleOfSpec(previous) ?? 'FREQ=DAILY' };
  }
}

export interface RecurrenceValue {
  spec: RecurrenceSpec;
  rdates: string[];
  exdates: string[];
}

export interface RecurrenceEditorProps {
  value: RecurrenceValue;
  onChange: (value: RecurrenceValue) => void;
  /** The series' start (wall time) and time zone, for the words and the preview. */
  start: string;
  timezone: string | null;
  /** A coded error of the last save (recurrence-impossible, invalid-rrule, exdate-not-in-rule). */
  serverError?: string | null;
  /** Whether to ask the server for the next occurrences (off in tests that have no server). */
  preview?: boolean;
}

const WALL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * The recurrence editor (spec forms §5): none, daily, weekly (days and interval), monthly (by
 * day of the month or by weekday, "último viernes" included) or a custom RRULE; ends never, on a
 * date or after N times; extra and excluded dates. It says the rule in words and shows the next
 * occurrences as one types.
 */
export function RecurrenceEditor({ value, onChange, start, timezone, serverError, preview = true }: RecurrenceEditorProps) {
  const { t, i18n } = useTranslation();
  const { spec } = value;
  const setSpec = (next: RecurrenceSpec) => onChange({ ...value, spec: next });
  const language = recurrenceLanguage(i18n.language);
  const words = describeRecurrence(rruleOfSpec(spec), { language, startYear: Number(start.slice(0, 4)) || undefined, rdates: value.rdates.length, exdates: value.exdates.length });
  const weekdayData = WEEKDAY_CODES.map((code) => ({ value: code, label: t(`activities.weekdays.${code}`) }));

  return (
    <Stack gap="sm" data-testid="recurrence-editor">
      <Select
        label={t('activities.recurrence.repeat')}
        data={(['none', 'daily', 'weekly', 'monthly', 'custom'] as const).map((kind) => ({ value: kind, label: t(`activities.recurrence.kinds.${kind}`) }))}
        value={spec.kind}
        onChange={(kind) => kind && setSpec(defaultSpec(kind as RecurrenceKind, start, spec))}
        allowDeselect={false}
        data-testid="recurrence-kind"
      />
      {(spec.kind === 'daily' || spec.kind === 'weekly' || spec.kind === 'monthly') && (
        <NumberInput
          label={t(`activities.recurrence.every.${spec.kind}`)}
          min={1}
          max={99}
          value={spec.interval}
          onChange={(interval) => setSpec({ ...spec, interval: Math.max(1, Number(interval) || 1) })}
          maw={200}
          data-testid="recurrence-interval"
        />
      )}
      {spec.kind === 'weekly' && (
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('activities.recurrence.onDays')}
          </Text>
          <Group gap={6} role="group" aria-label={t('activities.recurrence.onDays')}>
            {WEEKDAY_CODES.map((code) => {
              const on = spec.weekdays.includes(code);
              return (
                <Button
                  key={code}
                  variant={on ? 'filled' : 'default'}
                  aria-pressed={on}
                  aria-label={t(`activities.weekdays.${code}`)}
                  onClick={() => setSpec({ ...spec, weekdays: WEEKDAY_CODES.filter((day) => (day === code ? !on : spec.weekdays.includes(day))) })}
                  miw={44}
                  h={44}
                  px={8}
                  radius="xl"
                  data-testid={`weekday-${code}`}
                >
                  {t(`activities.weekdaysShort.${code}`)}
                </Button>
              );
            })}
          </Group>
        </div>
      )}
      {spec.kind === 'monthly' && (
        <Stack gap="xs">
          <Radio.Group
            value={spec.mode}
            onChange={(mode) =>
              setSpec(
                mode === 'day'
                  ? { kind: 'monthly', interval: spec.interval, mode: 'day', monthDay: Number(start.slice(8, 10)) || 1, end: spec.end }
                  : { kind: 'monthly', interval: spec.interval, mode: 'weekday', ordinal: 1, weekday: /^\d{4}-\d{2}-\d{2}/.test(start) ? weekdayOfWall(start) : 'MO', end: spec.end },
              )
            }
            label={t('activities.recurrence.monthlyBy')}
          >
            <Group gap="md" mt={4}>
              <Radio value="day" label={t('activities.recurrence.byMonthDay')} />
              <Radio value="weekday" label={t('activities.recurrence.byWeekday')} data-testid="monthly-by-weekday" />
            </Group>
          </Radio.Group>
          {spec.mode === 'day' ? (
            <NumberInput
              label={t('activities.recurrence.monthDay')}
              min={1}
              max={31}
              value={spec.monthDay}
              onChange={(day) => setSpec({ ...spec, monthDay: Math.min(31, Math.max(1, Number(day) || 1)) })}
              maw={200}
            />
          ) : (
            <Group gap="sm" grow>
              <Select
                label={t('activities.recurrence.ordinal')}
                data={(['1', '2', '3', '4', '-1'] as const).map((ordinal) => ({ value: ordinal, label: t(`activities.recurrence.ordinals.${ordinal === '-1' ? 'last' : ordinal}`) }))}
                value={String(spec.ordinal)}
                onChange={(ordinal) => ordinal && setSpec({ ...spec, ordinal: Number(ordinal) as WeekdayOrdinal })}
                allowDeselect={false}
                data-testid="monthly-ordinal"
              />
              <Select
                label={t('activities.recurrence.weekday')}
                data={weekdayData}
                value={spec.weekday}
                onChange={(weekday) => weekday && setSpec({ ...spec, weekday: weekday as WeekdayCode })}
                allowDeselect={false}
                data-testid="monthly-weekday"
              />
            </Group>
          )}
        </Stack>
      )}
      {spec.kind === 'custom' && (
        <TextInput
          label={t('activities.recurrence.rrule')}
          description={t('activities.recurrence.rruleHelp')}
          value={spec.rrule}
          onChange={(event) => setSpec({ kind: 'custom', rrule: event.currentTarget.value })}
          data-testid="recurrence-rrule"
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      )}
      {(spec.kind === 'daily' || spec.kind === 'weekly' || spec.kind === 'monthly') && <EndEditor end={spec.end} onChange={(end) => setSpec({ ...spec, end })} />}
      {spec.kind !== 'none' && (
        <>
          <DateList label={t('activities.recurrence.rdates')} values={value.rdates} onChange={(rdates) => onChange({ ...value, rdates })} testId="rdates" />
          <DateList label={t('activities.recurrence.exdates')} values={value.exdates} onChange={(exdates) => onChange({ ...value, exdates })} testId="exdates" />
        </>
      )}
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
        <Text fw={600} data-testid="recurrence-words">
          {words}
        </Text>
        {preview && <RecurrencePreview value={value} start={start} timezone={timezone} />}
        {serverError && (
          <Text c="red" size="sm" mt={4} data-testid="recurrence-error">
            {t(`activities.errors.${serverError}`, { defaultValue: serverError })}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

function EndEditor({ end, onChange }: { end: RecurrenceEnd; onChange: (end: RecurrenceEnd) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Radio.Group
        label={t('activities.recurrence.ends')}
        value={end.type}
        onChange={(type) =>
          onChange(
            type === 'until' ? { type: 'until', date: end.type === 'until' ? end.date : '' } : type === 'count' ? { type: 'count', count: end.type === 'count' ? end.count : 10 } : { type: 'never' },
          )
        }
      >
        <Group gap="md" mt={4}>
          <Radio value="never" label={t('activities.recurrence.endNever')} />
          <Radio value="until" label={t('activities.recurrence.endUntil')} data-testid="end-until" />
          <Radio value="count" label={t('activities.recurrence.endCount')} data-testid="end-count" />
        </Group>
      </Radio.Group>
      {end.type === 'until' && (
        <TextInput
          type="date"
          label={t('activities.recurrence.untilDate')}
          value={end.date}
          onChange={(event) => onChange({ type: 'until', date: event.currentTarget.value })}
          maw={220}
          data-testid="until-date"
        />
      )}
      {end.type === 'count' && (
        <NumberInput
          label={t('activities.recurrence.times')}
          min={1}
          max={1000}
          value={end.count}
          onChange={(count) => onChange({ type: 'count', count: Math.max(1, Number(count) || 1) })}
          maw={200}
          data-testid="count-input"
        />
      )}
    </Stack>
  );
}

/** Extra (RDATE) or excluded (EXDATE) wall times. */
function DateList({ label, values, onChange, testId }: { label: string; values: string[]; onChange: (values: string[]) => void; testId: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const add = () => {
    if (!WALL.test(draft) || values.includes(draft)) return;
    onChange([...values, draft].sort());
    setDraft('');
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput type="datetime-local" label={label} value={draft} onChange={(event) => setDraft(event.currentTarget.value)} style={{ flex: 1 }} maw={280} data-testid={`${testId}-input`} />
        <ActionIcon size={36} variant="light" onClick={add} disabled={!WALL.test(draft)} aria-label={t('activities.recurrence.addDate', { list: label })}>
          <IconPlus size={18} />
        </ActionIcon>
      </Group>
      {values.length > 0 && (
        <Group gap={6}>
          {values.map((wall) => (
            <Group key={wall} gap={2} wrap="nowrap">
              <Text size="sm">{wall.replace('T', ' ')}</Text>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                onClick={() => onChange(values.filter((each) => each !== wall))}
                aria-label={t('activities.recurrence.removeDate', { date: wall.replace('T', ' ') })}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** The next occurrences as the server computes them (POST /recurrence/preview/, debounced). */
function RecurrencePreview({ value, start, timezone }: { value: RecurrenceValue; start: string; timezone: string | null }) {
  const { t, i18n } = useTranslation();
  const rrule = rruleOfSpec(value.spec);
  const body = WALL.test(start) && (rrule || value.rdates.length > 0) ? { start, timezone: timezone ?? undefined, rrule, rdates: value.rdates, exdates: value.exdates, count: 5 } : null;
  const [debounced] = useDebouncedValue(body, 400);
  const preview = useRecurrencePreview(debounced);
  if (!debounced) return null;
  if (preview.isError) {
    const code = isHttpError(preview.error) && typeof preview.error.body === 'object' && preview.error.body !== null ? (preview.error.body as { code?: string }).code : undefined;
    return (
      <Alert color="red" mt="xs" p="xs" data-testid="recurrence-preview-error">
        {code ? t(`activities.errors.${code}`, { defaultValue: t('activities.errors.invalid-rrule') }) : t('activities.errors.invalid-rrule')}
      </Alert>
    );
  }
  if (preview.isPending) return <Loader size="sm" mt="xs" />;
  return (
    <>
      <Text size="sm" c="dimmed" mt="xs">
        {t('activities.recurrence.nextOccurrences')}
      </Text>
      <List size="sm" data-testid="recurrence-preview">
        {preview.data.occurrences.map((instant) => (
          <List.Item key={instant}>{formatAtOwnOffset(instant, i18n.language)}</List.Item>
        ))}
      </List>
    </>
  );
}
