import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import esLocale from '@fullcalendar/core/locales/es';
import type { DatesSetArg, EventInput } from '@fullcalendar/core';
import { Alert, Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetCalendar } from '../api/assets-api.ts';
import classes from '../../../shared/ui/full-calendar.module.css';

const PLUGINS = [dayGridPlugin, listPlugin];
const SPANISH = [esLocale];
const NONE: never[] = [];
const COLORS: Record<string, string> = { SCHEDULED: '#228be6', ACTIVE: '#2f9e44', EXPIRED: '#e03131', COMPLETED: '#868e96', CANCELLED: '#495057' };
const TIME_24 = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/** /assets/{id}/calendar: the occurrences of the asset's preventive plans (a month, or a list on a phone). */
export default function AssetCalendar({ assetId }: { assetId: string }) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const query = useAssetCalendar(assetId, range?.from ?? '', range?.to ?? '', range !== null);
  const events = useMemo<EventInput[]>(
    () =>
      (query.data?.results ?? []).map((occurrence) => ({
        id: `${occurrence.activity_public_id}/${occurrence.recurrence_id}`,
        title: occurrence.title,
        start: occurrence.start,
        end: occurrence.end,
        color: COLORS[occurrence.status],
        url: `/activities/${encodeURIComponent(occurrence.activity_public_id)}/${encodeURIComponent(occurrence.recurrence_id)}`,
        extendedProps: { status: occurrence.status },
        classNames: occurrence.status === 'COMPLETED' || occurrence.status === 'CANCELLED' ? classes.eventDone : undefined,
      })),
    [query.data],
  );
  const onDates = useCallback((arg: DatesSetArg) => {
    const from = arg.start.toISOString();
    const to = arg.end.toISOString();
    setRange((current) => (current && current.from === from && current.to === to ? current : { from, to }));
  }, []);
  const buttonText = useMemo(() => ({ today: t('assets.calendar.today'), month: t('assets.calendar.month'), list: t('assets.calendar.list'), prev: '‹', next: '›' }), [t]);
  const spanish = i18n.language !== 'en';
  return (
    <Box data-testid="asset-calendar" className={classes.calendar}>
      {query.isError && (
        <Alert color="red" mb="sm">
          {t('assets.common.loadError')}
        </Alert>
      )}
      <FullCalendar
        key={narrow ? 'narrow' : 'wide'}
        plugins={PLUGINS}
        initialView={narrow ? 'listMonth' : 'dayGridMonth'}
        headerToolbar={narrow ? { left: 'prev,next', center: 'title', right: 'today' } : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,listMonth' }}
        locales={spanish ? SPANISH : NONE}
        locale={spanish ? 'es' : 'en'}
        firstDay={spanish ? 1 : 0}
        buttonText={buttonText}
        events={events}
        datesSet={onDates}
        eventTimeFormat={TIME_24}
        buttonHints={{ prev: t('assets.calendar.previous'), next: t('assets.calendar.next') }}
        height="auto"
        dayMaxEvents={false}
        noEventsText={t('assets.calendar.none')}
      />
    </Box>
  );
}
