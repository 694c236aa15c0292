import { z } from 'zod';
import {
  ZActivity,
  ZActivityDetail,
  ZActivityListQuery,
  ZActivityWrite,
  ZCalendarFeed,
  ZCategory,
  ZCategoryList,
  ZCompletion,
  ZCompletionRequest,
  ZCreateCategoryRequest,
  ZOccurrence,
  ZOccurrenceDetail,
  ZOccurrenceList,
  ZOccurrenceQuery,
  ZOccurrenceWrite,
  ZRecurrencePreview,
  ZRecurrencePreviewRequest,
  ZSplitRequest,
} from '@faena/contracts/activities';
import { zPaged } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { PUBLIC, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { calendarFeed, feedCalendar, occurrenceCalendar } from './activities.feed.ts';
import { OFFLINE_MAX_DAYS, offlineOccurrences } from './activities.offline.ts';
import { scheduleReminders } from './activities.reminders.ts';
import {
  cancelOccurrence,
  categories,
  completeOccurrence,
  createActivity,
  createCategory,
  editOccurrence,
  getActivity,
  getOccurrence,
  listOccurrences,
  listSeries,
  previewRecurrence,
  removeActivity,
  reopenOccurrence,
  splitActivity,
  updateActivitySeries,
} from './activities.service.ts';

const prefix = '/api/activities/v3';
const tags = ['activities'];
const idParams = z.object({ id: z.string().max(100) });
const occurrenceParams = idParams.extend({ recurrenceId: z.string().max(40) });
const CALENDAR = 'text/calendar; charset=utf-8';
const ZOfflineOccurrences = z
  .object({
    from: z.string(),
    to: z.string(),
    results: z.array(ZOccurrence),
    details: z.array(ZOccurrenceDetail),
    forms: z.array(z.object({ id: z.string(), version: z.number().int(), name: z.string(), description: z.array(z.unknown()), created_at: z.string(), updated_at: z.string() })),
  })
  .meta({ id: 'OfflineOccurrences' });

export function activitiesRoutes(app: App, platform: Platform): Promise<void> {
  app.post(
    `${prefix}/activities/`,
    { config: { access: requires('MANAGE_TASKS') }, schema: { tags, summary: 'Create an activity series', body: ZActivityWrite, response: { 201: ZActivity } } },
    async (request, reply) => reply.status(201).send(await createActivity(ctxOf(request, platform), request.body)),
  );
  app.get(
    `${prefix}/activities/`,
    { config: { access: requires('MANAGE_TASKS') }, schema: { tags, summary: 'The series (for planners)', querystring: ZActivityListQuery, response: { 200: zPaged(ZActivity) } } },
    async (request) => {
      const page = await listSeries(ctxOf(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.get(
    `${prefix}/activities/:id/`,
    {
      config: { access: requires('VIEW_TASKS') },
      schema: { tags, summary: 'A series with its exceptions (responsible, audience member or MANAGE_TASKS)', params: idParams, response: { 200: ZActivityDetail } },
    },
    async (request) => getActivity(ctxOf(request, platform), request.params.id),
  );
  app.put(
    `${prefix}/activities/:id/`,
    { config: { access: requires('MANAGE_TASKS') }, schema: { tags, summary: '"Todas": edit the whole series', params: idParams, body: ZActivityWrite, response: { 200: ZActivity } } },
    async (request) => updateActivitySeries(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${prefix}/activities/:id/`, { config: { access: requires('MANAGE_TASKS') }, schema: { tags, params: idParams } }, async (request, reply) => {
    await removeActivity(ctxOf(request, platform), request.params.id);
    return reply.status(204).send();
  });
  app.post(
    `${prefix}/activities/:id/split/`,
    {
      config: { access: requires('MANAGE_TASKS') },
      schema: { tags, summary: '"Esta y las siguientes": a new series from this occurrence on', params: idParams, body: ZSplitRequest, response: { 201: ZActivity } },
    },
    async (request, reply) => reply.status(201).send(await splitActivity(ctxOf(request, platform), request.params.id, request.body)),
  );
  app.get(
    `${prefix}/activities/:id/occurrences/:recurrenceId/`,
    { config: { access: requires('VIEW_TASKS') }, schema: { tags, summary: 'One occurrence with its series and history', params: occurrenceParams, response: { 200: ZOccurrenceDetail } } },
    async (request) => getOccurrence(ctxOf(request, platform), request.params.id, request.params.recurrenceId),
  );
  app.put(
    `${prefix}/activities/:id/occurrences/:recurrenceId/`,
    {
      config: { access: requires('MANAGE_TASKS') },
      schema: { tags, summary: '"Solo esta": an exception for one occurrence', params: occurrenceParams, body: ZOccurrenceWrite, response: { 200: ZOccurrence } },
    },
    async (request) => editOccurrence(ctxOf(request, platform), request.params.id, request.params.recurrenceId, request.body),
  );
  app.delete(
    `${prefix}/activities/:id/occurrences/:recurrenceId/`,
    { config: { access: requires('MANAGE_TASKS') }, schema: { tags, summary: 'Cancel one occurrence', params: occurrenceParams } },
    async (request, reply) => {
      await cancelOccurrence(ctxOf(request, platform), request.params.id, request.params.recurrenceId);
      return reply.status(204).send();
    },
  );
  app.post(
    `${prefix}/activities/:id/occurrences/:recurrenceId/completion/`,
    {
      config: { access: requires('VIEW_TASKS'), idempotent: true },
      schema: { tags, summary: 'Complete or cancel an occurrence (responsible or MANAGE_TASKS)', params: occurrenceParams, body: ZCompletionRequest, response: { 201: ZCompletion } },
    },
    async (request, reply) => reply.status(201).send(await completeOccurrence(ctxOf(request, platform), request.params.id, request.params.recurrenceId, request.body)),
  );
  app.delete(
    `${prefix}/activities/:id/occurrences/:recurrenceId/completion/`,
    { config: { access: requires('VIEW_TASKS') }, schema: { tags, summary: 'Reopen (who completed it, or MANAGE_TASKS)', params: occurrenceParams } },
    async (request, reply) => {
      await reopenOccurrence(ctxOf(request, platform), request.params.id, request.params.recurrenceId);
      return reply.status(204).send();
    },
  );
  app.get(
    `${prefix}/activities/:id/occurrences/:recurrenceId/ics`,
    { config: { access: requires('VIEW_TASKS') }, schema: { tags, summary: 'One occurrence as an .ics file', params: occurrenceParams } },
    async (request, reply) => {
      const { text, filename } = await occurrenceCalendar(ctxOf(request, platform), request.params.id, request.params.recurrenceId);
      return reply.header('content-type', CALENDAR).header('content-disposition', `attachment; filename="${filename}"`).send(text);
    },
  );
  app.get(
    `${prefix}/occurrences/offline/`,
    {
      config: { access: requires('VIEW_TASKS') },
      schema: {
        tags,
        summary: 'The caller’s own occurrences of the next days with the detail of each open one and their forms: what the device reads ahead for working offline (decision 031)',
        querystring: z.object({ days: z.coerce.number().int().min(1).max(OFFLINE_MAX_DAYS).default(3) }),
        response: { 200: ZOfflineOccurrences },
      },
    },
    async (request) => offlineOccurrences(ctxOf(request, platform), request.query.days),
  );
  app.get(
    `${prefix}/occurrences/`,
    {
      config: { access: requires('VIEW_TASKS') },
      schema: { tags, summary: 'Occurrences starting in [from, to), by priority then due date', querystring: ZOccurrenceQuery, response: { 200: ZOccurrenceList } },
    },
    async (request) => listOccurrences(ctxOf(request, platform), request.query),
  );
  app.get(
    `${prefix}/calendar-feed/`,
    { config: { access: requires('VIEW_TASKS') }, schema: { tags, summary: 'The caller’s secret calendar address', response: { 200: ZCalendarFeed } } },
    async (request) => calendarFeed(ctxOf(request, platform)),
  );
  app.post(
    `${prefix}/calendar-feed/reset/`,
    { config: { access: requires('VIEW_TASKS') }, schema: { tags, summary: 'A new secret calendar address (the old one stops working)', response: { 200: ZCalendarFeed } } },
    async (request) => calendarFeed(ctxOf(request, platform), true),
  );
  app.get(
    `${prefix}/calendar-feed/:file`,
    { config: { access: PUBLIC }, schema: { tags, summary: 'A person’s calendar (the token is the credential)', params: z.object({ file: z.string().max(120) }) } },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const text = await feedCalendar(ctxOf(request, platform), token);
      return reply.header('content-type', CALENDAR).header('cache-control', 'private, max-age=300').send(text);
    },
  );
  app.get(`${prefix}/categories/`, { config: { access: requires('VIEW_TASKS') }, schema: { tags, response: { 200: ZCategoryList } } }, async (request) => categories(ctxOf(request, platform)));
  app.post(`${prefix}/categories/`, { config: { access: requires('MANAGE_TASKS') }, schema: { tags, body: ZCreateCategoryRequest, response: { 201: ZCategory } } }, async (request, reply) =>
    reply.status(201).send(await createCategory(ctxOf(request, platform), request.body.name)),
  );
  app.post(
    `${prefix}/recurrence/preview/`,
    {
      config: { access: requires('VIEW_TASKS') },
      schema: { tags, summary: 'The next occurrences of a recurrence being edited', body: ZRecurrencePreviewRequest, response: { 200: ZRecurrencePreview } },
    },
    async (request) => previewRecurrence(request.body, ctxOf(request, platform).tenant.timezone),
  );
  return scheduleReminders(platform);
}
