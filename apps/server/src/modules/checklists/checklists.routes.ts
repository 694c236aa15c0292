import { z } from 'zod';
import { zPaged } from '@faena/contracts';
import {
  CHECKLISTS_BASE,
  ZChecklistCategory,
  ZChecklistCategoryCreate,
  ZChecklistCategoryList,
  ZChecklistCategoryQuery,
  ZChecklistCategoryUpdate,
  ZChecklistDefinitions,
  ZChecklistDefinitionsQuery,
  ZChecklistDetail,
  ZChecklistListQuery,
  ZChecklistScheduleCreate,
  ZChecklistScheduleList,
  ZChecklistStats,
  ZChecklistStatsQuery,
  ZChecklistSummary,
  ZChecklistVersion,
  ZChecklistWrite,
  ZCorrectiveAction,
  ZCorrectiveActionCreate,
  ZExecution,
  ZExecutionExport,
  ZExecutionExportRequest,
  ZExecutionListQuery,
  ZExecutionSave,
  ZExecutionStart,
  ZExecutionSubmit,
  ZExecutionSummary,
  ZExecutionUpgrade,
  ZReportMailRequest,
  ZReportMailSent,
} from '@faena/contracts/checklists';
import type { App } from '../../platform/http/app.ts';
import { requires, requiresAny } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { createAction } from './actions.service.ts';
import { defineChecklistExportJobs, exportDownload, getExport, startExport } from './exports.service.ts';
import { executionReport } from './report.service.ts';
import { mailExecutionReport } from './report-mail.service.ts';
import {
  archiveChecklist,
  checklistDefinitions,
  createCategory,
  createChecklist,
  deleteCategory,
  getChecklist,
  getChecklistVersion,
  listCategories,
  listChecklists,
  updateCategory,
  updateChecklist,
} from './checklists.service.ts';
import { checklistStats, createSchedules, listSchedules } from './schedules.service.ts';
import { getExecution, listExecutions, saveDraft, startExecution, submitExecution, upgradeExecution } from './executions.service.ts';

const prefix = CHECKLISTS_BASE;
const tags = ['checklists'];
const idParams = z.object({ id: z.string().max(100) });
const VIEW = requiresAny('VIEW_CHECKLISTS', 'MANAGE_CHECKLISTS');
const MANAGE = requires('MANAGE_CHECKLISTS');

export async function checklistsRoutes(app: App, platform: Platform): Promise<void> {
  await defineChecklistExportJobs(platform);
  // ---------------------------------------------------------------- categories
  app.get(
    `${prefix}/categories/`,
    {
      config: { access: VIEW },
      schema: { tags, summary: 'Checklist categories in order (archived ones with ?archived=true, MANAGE)', querystring: ZChecklistCategoryQuery, response: { 200: ZChecklistCategoryList } },
    },
    async (request) => listCategories(ctxOf(request, platform), request.query),
  );
  app.post(
    `${prefix}/categories/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Create a category', body: ZChecklistCategoryCreate, response: { 201: ZChecklistCategory } } },
    async (request, reply) => reply.status(201).send(await createCategory(ctxOf(request, platform), request.body)),
  );
  app.patch(
    `${prefix}/categories/:id/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Rename, order or archive a category', params: idParams, body: ZChecklistCategoryUpdate, response: { 200: ZChecklistCategory } } },
    async (request) => updateCategory(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(
    `${prefix}/categories/:id/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Delete an empty category (one with checklists: 409 category-in-use, archive it)', params: idParams } },
    async (request, reply) => {
      await deleteCategory(ctxOf(request, platform), request.params.id);
      return reply.status(204).send();
    },
  );

  // ---------------------------------------------------------------- checklists
  app.get(
    `${prefix}/checklists/`,
    { config: { access: VIEW }, schema: { tags, summary: 'Checklists (VIEW: those I may execute; MANAGE: all)', querystring: ZChecklistListQuery, response: { 200: zPaged(ZChecklistSummary) } } },
    async (request) => {
      const page = await listChecklists(ctxOf(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(
    `${prefix}/checklists/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Create a checklist (version 1)', body: ZChecklistWrite, response: { 201: ZChecklistDetail } } },
    async (request, reply) => reply.status(201).send(await createChecklist(ctxOf(request, platform), request.body)),
  );
  app.get(
    `${prefix}/checklists/definitions/`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'The details of up to 100 checklists at once (?ids=a,b,…), only those I may execute: what the list reads ahead to start them offline',
        querystring: ZChecklistDefinitionsQuery,
        response: { 200: ZChecklistDefinitions },
      },
    },
    async (request) => checklistDefinitions(ctxOf(request, platform), request.query.ids),
  );
  app.get(
    `${prefix}/checklists/:id/`,
    { config: { access: VIEW }, schema: { tags, summary: 'A checklist with its current version', params: idParams, response: { 200: ZChecklistDetail } } },
    async (request) => getChecklist(ctxOf(request, platform), request.params.id),
  );
  app.put(
    `${prefix}/checklists/:id/`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: 'Save a checklist: a new version when the current one has executions', params: idParams, body: ZChecklistWrite, response: { 200: ZChecklistDetail } },
    },
    async (request) => updateChecklist(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${prefix}/checklists/:id/`, { config: { access: MANAGE }, schema: { tags, summary: 'Archive a checklist (its executions stay)', params: idParams } }, async (request, reply) => {
    await archiveChecklist(ctxOf(request, platform), request.params.id);
    return reply.status(204).send();
  });
  app.get(
    `${prefix}/checklists/:id/versions/:version/`,
    {
      config: { access: VIEW },
      schema: { tags, summary: 'One version of a checklist', params: idParams.extend({ version: z.coerce.number().int().min(1).max(1_000_000) }), response: { 200: ZChecklistVersion } },
    },
    async (request) => getChecklistVersion(ctxOf(request, platform), request.params.id, request.params.version),
  );

  app.get(
    `${prefix}/checklists/:id/schedules/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'The recurring activities whose content is this checklist', params: idParams, response: { 200: ZChecklistScheduleList } } },
    async (request) => listSchedules(ctxOf(request, platform), request.params.id),
  );
  app.post(
    `${prefix}/checklists/:id/schedules/`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: 'Schedule the checklist: one recurring activity per chosen venue', params: idParams, body: ZChecklistScheduleCreate, response: { 201: ZChecklistScheduleList } },
    },
    async (request, reply) => reply.status(201).send(await createSchedules(ctxOf(request, platform), request.params.id, request.body)),
  );
  app.get(
    `${prefix}/checklists/:id/stats/`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: 'Executions, completion rate and average score per day, week or month', params: idParams, querystring: ZChecklistStatsQuery, response: { 200: ZChecklistStats } },
    },
    async (request) => checklistStats(ctxOf(request, platform), request.params.id, request.query),
  );

  // ---------------------------------------------------------------- executions
  app.post(
    `${prefix}/checklists/:id/executions/`,
    {
      config: { access: VIEW, idempotent: true },
      schema: { tags, summary: 'Start a draft (201), or resume my open draft of it (200)', params: idParams, body: ZExecutionStart, response: { 200: ZExecution, 201: ZExecution } },
    },
    async (request, reply) => {
      const { created, execution } = await startExecution(ctxOf(request, platform), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(execution);
    },
  );
  app.get(
    `${prefix}/executions/`,
    {
      config: { access: VIEW },
      schema: { tags, summary: 'Executions (VIEW: mine; MANAGE: all) with filters, newest first', querystring: ZExecutionListQuery, response: { 200: zPaged(ZExecutionSummary) } },
    },
    async (request) => {
      const page = await listExecutions(ctxOf(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(
    `${prefix}/executions/export/`,
    {
      config: { access: VIEW },
      schema: { tags, summary: 'Export the filtered list as CSV or XLSX, made in the background (VIEW: my executions)', body: ZExecutionExportRequest, response: { 202: ZExecutionExport } },
    },
    async (request, reply) => reply.status(202).send(await startExport(ctxOf(request, platform), request.body)),
  );
  app.get(
    `${prefix}/executions/exports/:id/`,
    { config: { access: VIEW }, schema: { tags, summary: 'Progress of an export (mine; MANAGE: any)', params: idParams, response: { 200: ZExecutionExport } } },
    async (request) => getExport(ctxOf(request, platform), request.params.id),
  );
  app.get(
    `${prefix}/executions/exports/:id/download`,
    {
      config: { access: { permissions: [], anyOf: ['VIEW_CHECKLISTS', 'MANAGE_CHECKLISTS'], cookie: true } },
      schema: { tags, summary: 'The export’s file (bearer or session cookie)', params: idParams },
    },
    async (request, reply) => exportDownload(ctxOf(request, platform), request.params.id, reply),
  );
  app.get(
    `${prefix}/executions/:id/report.pdf`,
    {
      config: { access: { permissions: [], anyOf: ['VIEW_CHECKLISTS', 'MANAGE_CHECKLISTS'], cookie: true } },
      schema: { tags, summary: 'One execution as a printable PDF with its photos', params: idParams },
    },
    async (request, reply) => executionReport(ctxOf(request, platform), request.params.id, reply),
  );
  app.post(
    `${prefix}/executions/:id/report-mail/`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Send the PDF report of a submitted execution by e-mail (people of the directory or typed addresses, at most 10; 10 sends per person per hour)',
        params: idParams,
        body: ZReportMailRequest,
        response: { 200: ZReportMailSent },
      },
    },
    async (request) => mailExecutionReport(ctxOf(request, platform), request.params.id, request.body),
  );
  app.get(
    `${prefix}/executions/:id/`,
    { config: { access: VIEW }, schema: { tags, summary: 'One execution with its version, answers, score and actions', params: idParams, response: { 200: ZExecution } } },
    async (request) => getExecution(ctxOf(request, platform), request.params.id),
  );
  app.patch(
    `${prefix}/executions/:id/`,
    {
      config: { access: VIEW, idempotent: true },
      schema: { tags, summary: 'Autosave a draft (409 stale-draft with the server copy)', params: idParams, body: ZExecutionSave, response: { 200: ZExecution } },
    },
    async (request) => saveDraft(ctxOf(request, platform), request.params.id, request.body),
  );
  app.post(
    `${prefix}/executions/:id/submit/`,
    {
      config: { access: VIEW, idempotent: true },
      schema: { tags, summary: 'Submit: validated, signed, scored on the server', params: idParams, body: ZExecutionSubmit, response: { 200: ZExecution } },
    },
    async (request) => submitExecution(ctxOf(request, platform), request.params.id, request.body),
  );
  app.post(
    `${prefix}/executions/:id/upgrade/`,
    { config: { access: VIEW }, schema: { tags, summary: 'Move a draft to the latest version, keeping answers of items that still exist', params: idParams, response: { 200: ZExecutionUpgrade } } },
    async (request) => upgradeExecution(ctxOf(request, platform), request.params.id),
  );
  app.post(
    `${prefix}/executions/:id/actions/`,
    {
      config: { access: VIEW },
      schema: { tags, summary: 'Raise a corrective action (an activity) from a failed item', params: idParams, body: ZCorrectiveActionCreate, response: { 201: ZCorrectiveAction } },
    },
    async (request, reply) => reply.status(201).send(await createAction(ctxOf(request, platform), request.params.id, request.body)),
  );
}
