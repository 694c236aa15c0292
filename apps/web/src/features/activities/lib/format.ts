import { PRIORITY_NAMES, type ActivityPriority } from '@faena/domain/activities/constants';
import { compareByPriorityThenDue } from '@faena/domain/activities/status';
import type { RecurrenceLanguage } from '@faena/domain/activities/describe-recurrence';
import type { TOccurrence } from '@faena/contracts';

/** The Intl locale of an interface language (Spanish dates as Chile writes them unless es-MX). */
export function intlLocale(language: string): string {
  if (language === 'en') return 'en-US';
  if (language === 'es-MX') return 'es-MX';
  return 'es-CL';
}

export function recurrenceLanguage(language: string): RecurrenceLanguage {
  return language === 'en' || language === 'es-MX' ? language : 'es';
}

/** Week starts Sunday in English, Monday in Spanish (0 = Sunday, as FullCalendar counts). */
export const firstDayOf = (language: string): 0 | 1 => (language === 'en' ? 0 : 1);

/** The i18n key of a priority's label ("activities.priority.critical"). */
export function priorityKey(priority: number): string {
  const name = PRIORITY_NAMES[priority as ActivityPriority] ?? PRIORITY_NAMES[5];
  return `activities.priority.${name}`;
}

export const PRIORITY_COLORS: Record<number, string> = { 0: 'grape', 2: 'red', 3: 'orange', 4: 'yellow', 5: 'blue', 6: 'teal', 7: 'gray', 8: 'gray' };
export const STATUS_COLORS: Record<string, string> = { SCHEDULED: 'blue', ACTIVE: 'green', EXPIRED: 'red', COMPLETED: 'gray', CANCELLED: 'dark' };

/** Occurrences by priority, then due date (spec forms §3), as the server orders them. */
export function sortOccurrences<T extends Pick<TOccurrence, 'priority' | 'dueDate'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareByPriorityThenDue({ priority: a.priority, dueMs: Date.parse(a.dueDate) }, { priority: b.priority, dueMs: Date.parse(b.dueDate) }));
}

/** 24-hour clock in Spanish, 12-hour in English. */
const hourCycle = (language: string) => (language === 'en' ? 'h12' : 'h23');

/** "lun 7 dic 2026, 09:00" in a time zone (the viewer's when none). */
export function formatWhen(instant: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: hourCycle(language),
    timeZone,
  }).format(new Date(instant));
}

/** An instant with its offset ("2026-12-05T12:00:00-03:00") said at that offset: the series' own wall time. */
export function formatAtOwnOffset(instant: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(instant);
  if (!match) return formatWhen(instant, language);
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  return formatWhen(new Date(Date.UTC(y, m - 1, d, h, min)).toISOString(), language, 'UTC');
}

export function formatTime(instant: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { hour: '2-digit', minute: '2-digit', hourCycle: hourCycle(language) }).format(new Date(instant));
}

export function formatDay(instant: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(instant));
}

export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Start of the viewer's day, plus `days`. */
export function dayStart(now: Date, days = 0): Date {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return date;
}

/** The ranges of the list's tabs, in the viewer's days. */
export type ListTab = 'today' | 'upcoming' | 'overdue';
export function tabRange(tab: ListTab, now: Date): { from: string; to: string; status?: string } {
  if (tab === 'today') return { from: dayStart(now).toISOString(), to: dayStart(now, 1).toISOString() };
  if (tab === 'upcoming') return { from: dayStart(now, 1).toISOString(), to: dayStart(now, 31).toISOString() };
  return { from: dayStart(now, -90).toISOString(), to: dayStart(now, 1).toISOString(), status: 'EXPIRED' };
}

/** The path of an occurrence's screen. */
export const occurrencePath = (publicId: string, recurrenceId: string) => `/activities/${encodeURIComponent(publicId)}/${encodeURIComponent(recurrenceId)}`;
