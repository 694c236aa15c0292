import type { TFunction } from 'i18next';
import type { TChartData } from '@faena/contracts';

/** Series colours: done in the brand's teal, missed in red, the rest calm. */
export const SERIES_COLORS: Record<string, string> = {
  completed: '#2f8a76',
  cancelled: '#868e96',
  missed: '#e03131',
  pending: '#4dabf7',
  started: '#1c7ed6',
  finished: '#2f8a76',
  average_hours: '#7048e8',
  average_score: '#2f8a76',
};

const PERIOD_GROUPINGS = new Set(['day', 'week', 'month']);

/** A point's label: a period in the viewer's words (a week by its Monday), or the name the server gave. */
export function pointLabel(chart: Pick<TChartData, 'grouping'>, point: { key: string; label: string }, locale: string, t: TFunction): string {
  if (!PERIOD_GROUPINGS.has(chart.grouping)) return point.label || t('reports.chart.none');
  if (chart.grouping === 'month') {
    const date = new Date(`${point.key}-01T12:00:00Z`);
    return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
  }
  const date = new Date(`${point.key}T12:00:00Z`);
  const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
  return chart.grouping === 'week' ? t('reports.chart.weekOf', { date: short }) : short;
}

export const intlLocale = (language: string) => (language === 'en' ? 'en-US' : language === 'es-MX' ? 'es-MX' : 'es-CL');
