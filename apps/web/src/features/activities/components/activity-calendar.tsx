import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import timeGridPlugin from '@fullcalendar/timegrid';
import esLocale from '@fullcalendar/core/locales/es';
import type { DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import { Alert, Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOccurrences, type OccurrenceFilters } from '../api/activities-api.ts';
import { firstDayOf, occurrencePath } from '../lib/format.ts';
import classes from '../../../shared/ui/full-calendar.module.css';

const NARROW_HEADER = { left: 'prev,next', center: 'title', right: 'today' };
const WIDE_HEADER = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' };
const NARROW_FOOTER = { center: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' };
const SPANISH = [esLocale];
const NONE: never[] = [];
const TIME_24 = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const TIME_12 = { hour: 'numeric', minute: '2-digit', meridiem: 'short' } as const;
const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];

const COLORS: Record<string, string> = { SCHEDULED: '#228be6', ACTIVE: '#2f9e44', EXPIRED: '#e03131', COMPLETED: '#868e96', CANCELLED: '#495057' };

/**
 * The calendar view (month, week, day, agenda) over GET /occurrences/ for the visible range;
 * loaded lazily inside the activities chunk. The week starts Sunday in English, Monday in Spanish.
 */
export default function ActivityCalendar({ mine, filters }: { mine: boolean; filters: OccurrenceFilters }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const query = useOccurrences(range?.from ?? '', range?.to ?? '', mine, filters, range !== null);
  const events = useMemo<EventInput[]>(
    () =>
      (query.data?.results ?? []).map((occurrence) => ({
        id: occurrence.id,
        title: occurrence.title,
        start: occurrence.startDate,
        end: occurrence.duration > 0 ? occurrence.dueDate : undefined,
        allDay: false,
        color: COLORS[occurrence.status],
        extendedProps: { publicId: occurrence.public_id, recurrenceId: occurrence.recurrenceId },
        classNames: occurrence.status === 'COMPLETED' || occurrence.status === 'CANCELLED' ? classes.eventDone : undefined,
      })),
    [query.data],
  );
  // FullCalendar calls this again whenever its options change: keep the same range object then
  const onDates = useCallback((arg: DatesSetArg) => {
    const from = arg.start.toISOString();
    const to = arg.end.toISOString();
    setRange((current) => (current && current.from === from && current.to === to ? current : { from, to }));
  }, []);
  const buttonText = useMemo(
    () => ({
      today: t('activities.calendar.today'),
      month: t('activities.calendar.month'),
      week: t('activities.calendar.week'),
      day: t('activities.calendar.day'),
      list: t('activities.calendar.agenda'),
      prev: '‹',
      next: '›',
    }),
    [t],
  );
  const buttonHints = useMemo(() => ({ prev: t('activities.calendar.prev'), next: t('activities.calendar.next') }), [t]);
  const onClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const { publicId, recurrenceId } = arg.event.extendedProps as { publicId: string; recurrenceId: string };
    void navigate(occurrencePath(publicId, recurrenceId));
  };
  const spanish = i18n.language !== 'en';

  return (
    <Box data-testid="activity-calendar" className={classes.calendar}>
      {query.isError && <Alert color="red">{t('activities.list.loadError')}</Alert>}
      <FullCalendar
        key={i18n.language}
        plugins={PLUGINS}
        initialView={narrow ? 'listWeek' : 'dayGridMonth'}
        locales={spanish ? SPANISH : NONE}
        locale={spanish ? 'es' : 'en'}
        firstDay={firstDayOf(i18n.language)}
        headerToolbar={narrow ? NARROW_HEADER : WIDE_HEADER}
        footerToolbar={narrow ? NARROW_FOOTER : false}
        buttonText={buttonText}
        buttonHints={buttonHints}
        buttonIcons={false}
        noEventsText={t('activities.calendar.noEvents')}
        events={events}
        eventClick={onClick}
        datesSet={onDates}
        height="auto"
        nowIndicator
        dayMaxEvents={false}
        eventTimeFormat={spanish ? TIME_24 : TIME_12}
      />
    </Box>
  );
}
