/** The activities module's public face (decision 020): its routes, and what other modules may use. */
export { activitiesRoutes } from './activities.routes.ts';
export { getOccurrence, listOccurrences } from './activities.service.ts';
export { REMINDER_QUEUE, sendReminder, sweepReminders } from './activities.reminders.ts';
export { seedDemoActivities } from './activities.seed.ts';
export { occurrencesForReports } from './activities.stats.ts';
export { seriesOccurrences, seriesSummaries, type SeriesOccurrence, type SeriesSummary } from './activities.embedded.ts';
export { createActivity, removeActivity } from './activities.service.ts';
export { checklistOccurrence, completeByExecution, checklistOccurrences, checklistSeries, createChecklistSeries, createOneOffActivity, occurrenceStatuses } from './activities.checklists.ts';
