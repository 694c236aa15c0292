import { Alert, Anchor, Button, Group, Input, Loader, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { EntityPicker } from '../../../shared/directory/entity-picker.tsx';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { useCreateSchedules, useSchedules } from '../api/checklists-api.ts';
import { SettingsCard } from './builder-settings.tsx';
import { PersonPicker, type PersonChoice } from './person-picker.tsx';

type Repeat = 'daily' | 'weekdays' | 'weekly' | 'once';
const RRULES: Record<Repeat, string | null> = { daily: 'FREQ=DAILY', weekdays: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', weekly: 'FREQ=WEEKLY', once: null };

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function tomorrowAtEight(): string {
  const date = new Date(Date.now() + 24 * 3600 * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T08:00`;
}

/**
 * Schedules (decision 026): the checklist as the content of recurring activities, one series per
 * chosen venue ("Apertura de tienda, todos los días 08:00, cada sede"); each occurrence is done by
 * executing the checklist from it.
 */
export function SchedulesPanel({ checklistId, name }: { checklistId: string; name: string }) {
  const { t } = useTranslation();
  const schedules = useSchedules(checklistId);
  const create = useCreateSchedules(checklistId);
  const [title, setTitle] = useState(name);
  const [start, setStart] = useState(tomorrowAtEight);
  const [repeat, setRepeat] = useState<Repeat>('daily');
  const [duration, setDuration] = useState<number>(60);
  const [venues, setVenues] = useState<string[]>([]);
  const [responsibles, setResponsibles] = useState<PersonChoice[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const repeatId = useId();

  const save = () => {
    setErrors({});
    create.mutate(
      // No zone: each series takes its venue's, else the organisation's (decision 020), not this browser's.
      { title: title.trim() || undefined, start, duration_minutes: duration, rrule: RRULES[repeat], venues, responsibles: responsibles.map((person) => person.passport) },
      {
        onSuccess: (made) => toast.show(t('checklists.schedule.created', { count: made.results.length })),
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value.texts.join(' ')])));
          else toast.error(t('checklists.schedule.failed'));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <SettingsCard title={t('checklists.schedule.title')} help={t('checklists.schedule.help')} data-testid="schedule-form">
        <Stack gap="sm">
          <TextInput label={t('checklists.schedule.activityTitle')} value={title} onChange={(event) => setTitle(event.currentTarget.value)} error={errors.title} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput type="datetime-local" label={t('checklists.schedule.start')} value={start} onChange={(event) => setStart(event.currentTarget.value)} error={errors.start} required />
            <NumberInput label={t('checklists.schedule.duration')} min={0} max={10080} value={duration} onChange={(value) => setDuration(typeof value === 'number' ? value : 60)} suffix=" min" />
          </SimpleGrid>
          <Input.Wrapper label={t('checklists.schedule.repeat')} labelElement="div" id={repeatId}>
            <SegmentedControl
              aria-labelledby={`${repeatId}-label`}
              value={repeat}
              onChange={(value) => setRepeat(value as Repeat)}
              data={(['daily', 'weekdays', 'weekly', 'once'] as const).map((value) => ({ value, label: t(`checklists.schedule.${value}`) }))}
              fullWidth
            />
          </Input.Wrapper>
          <EntityPicker kind="venues" label={t('checklists.schedule.venues')} description={t('checklists.schedule.venuesHelp')} value={venues} onChange={setVenues} error={errors.venues} />
          <PersonPicker label={t('checklists.schedule.responsibles')} value={responsibles} onChange={setResponsibles} error={errors.responsibles} />
          <Group justify="flex-end">
            <Button leftSection={<IconCalendarPlus size={18} />} onClick={save} loading={create.isPending} data-testid="schedule-save">
              {t('checklists.schedule.save')}
            </Button>
          </Group>
        </Stack>
      </SettingsCard>
      <SettingsCard title={t('checklists.schedule.existing')}>
        {schedules.isPending ? (
          <Loader size="sm" />
        ) : schedules.isError ? (
          <Alert color="red">{t('checklists.loadFailed')}</Alert>
        ) : schedules.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('checklists.schedule.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            {schedules.data.results.map((schedule) => (
              <Group key={schedule.public_id} justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/activities/create/${encodeURIComponent(schedule.public_id)}`} size="sm" fw={600}>
                  {schedule.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {[schedule.venue?.name, formatDateTime(schedule.start)].filter(Boolean).join(' · ')}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </SettingsCard>
    </Stack>
  );
}
