import { z } from 'zod';
import {
  WORKFLOWS_BASE,
  ZVersionWrite,
  ZWfExecution,
  ZWfExecutionQuery,
  ZWfExecutionStart,
  ZWfExecutionSummary,
  ZWfMessageResult,
  ZWfMessageSend,
  ZWfMyTasksQuery,
  ZWfStartForm,
  ZWfStartFormQuery,
  ZWfTaskAnswer,
  ZWfUserTask,
  ZWfUserTaskDetail,
  ZWfValidateResult,
  ZWorkflowCategory,
  ZWorkflowCategoryCreate,
  ZWorkflowCategoryPatch,
  ZWorkflowType,
  ZWorkflowTypeCreate,
  ZWorkflowTypeDetail,
  ZWorkflowTypePatch,
  ZWorkflowTypeQuery,
  ZWorkflowVersion,
} from '@faena/contracts/workflows';
import { zPaged } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { defineWorkflowQueues } from './workflows.engine.ts';
import { workflowsExtrasRoutes } from './workflows.extras.routes.ts';
import {
  answerTask,
  createCategory,
  createType,
  createVersion,
  deleteCategory,
  getExecution,
  getStartForm,
  getTask,
  getType,
  getVersion,
  listCategories,
  listExecutions,
  listTypes,
  myTasks,
  publishVersion,
  sendMessage,
  startExecutionOfType,
  startExecutionOnVersion,
  updateCategory,
  updateType,
  updateVersion,
  validateVersion,
} from './workflows.service.ts';

const prefix = WORKFLOWS_BASE;
const tags = ['workflows'];
const idParams = z.object({ id: z.string().max(100) });
const VIEW = { access: requires('VIEW_WF') };
const MANAGE = { access: requires('MANAGE_WF') };
const ZResults = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
const ZTaskAnswerResult = z.object({
  id: z.string(),
  task: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  response: z.record(z.string(), z.unknown()).nullable(),
  user: z.object({ passport: z.string(), name: z.string() }),
});

export async function workflowsRoutes(app: App, platform: Platform): Promise<void> {
  await defineWorkflowQueues(platform);
  await workflowsExtrasRoutes(app, platform);

  app.get(`${prefix}/workflow-categories/`, { config: VIEW, schema: { tags, summary: 'Workflow categories', response: { 200: ZResults(ZWorkflowCategory) } } }, async (request) =>
    listCategories(ctxOf(request, platform)),
  );
  app.post(
    `${prefix}/workflow-categories/`,
    { config: MANAGE, schema: { tags, summary: 'Create a category', body: ZWorkflowCategoryCreate, response: { 201: ZWorkflowCategory } } },
    async (request, reply) => reply.status(201).send(await createCategory(ctxOf(request, platform), request.body)),
  );
  app.patch(
    `${prefix}/workflow-categories/:id/`,
    { config: MANAGE, schema: { tags, summary: 'Rename or move a category', params: idParams, body: ZWorkflowCategoryPatch, response: { 200: ZWorkflowCategory } } },
    async (request) => updateCategory(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${prefix}/workflow-categories/:id/`, { config: MANAGE, schema: { tags, summary: 'Delete an empty category', params: idParams } }, async (request, reply) => {
    await deleteCategory(ctxOf(request, platform), request.params.id);
    return reply.status(204).send();
  });

  app.get(
    `${prefix}/workflow-types/`,
    { config: MANAGE, schema: { tags, summary: 'allWorkflowTypes', querystring: ZWorkflowTypeQuery, response: { 200: ZResults(ZWorkflowType) } } },
    async (request) => listTypes(ctxOf(request, platform), request.query),
  );
  app.get(
    `${prefix}/my-workflow-types/`,
    { config: VIEW, schema: { tags, summary: 'myWorkflowTypes: the published types the caller may start', querystring: ZWorkflowTypeQuery, response: { 200: ZResults(ZWorkflowType) } } },
    async (request) => listTypes(ctxOf(request, platform), request.query, true),
  );
  app.post(`${prefix}/workflow-types/`, { config: MANAGE, schema: { tags, summary: 'Create a workflow type', body: ZWorkflowTypeCreate, response: { 201: ZWorkflowType } } }, async (request, reply) =>
    reply.status(201).send(await createType(ctxOf(request, platform), request.body)),
  );
  app.get(`${prefix}/workflow-types/:id/`, { config: VIEW, schema: { tags, summary: 'retrieveWorkflowType', params: idParams, response: { 200: ZWorkflowTypeDetail } } }, async (request) =>
    getType(ctxOf(request, platform), request.params.id),
  );
  app.patch(
    `${prefix}/workflow-types/:id/`,
    { config: MANAGE, schema: { tags, summary: 'Change or archive a workflow type', params: idParams, body: ZWorkflowTypePatch, response: { 200: ZWorkflowType } } },
    async (request) => updateType(ctxOf(request, platform), request.params.id, request.body),
  );
  app.post(
    `${prefix}/workflow-types/:id/versions/`,
    { config: MANAGE, schema: { tags, summary: 'Add a draft version (BPMN XML)', params: idParams, body: ZVersionWrite, response: { 201: ZWorkflowVersion } } },
    async (request, reply) => reply.status(201).send(await createVersion(ctxOf(request, platform), request.params.id, request.body.bpmn_xml)),
  );
  app.post(
    `${prefix}/workflow-types/:id/executions/`,
    { config: VIEW, schema: { tags, summary: 'Start the active version', params: idParams, body: ZWfExecutionStart, response: { 201: ZWfExecution } } },
    async (request, reply) => reply.status(201).send(await startExecutionOfType(ctxOf(request, platform), request.params.id, request.body.variables ?? {}, request.body.start_event)),
  );
  app.get(
    `${prefix}/workflow-types/:id/start-form/`,
    { config: VIEW, schema: { tags, summary: 'What starting the type shows: version, start event and its form', params: idParams, querystring: ZWfStartFormQuery, response: { 200: ZWfStartForm } } },
    async (request) => getStartForm(ctxOf(request, platform), request.params.id, request.query),
  );

  app.get(`${prefix}/versions/:id/`, { config: VIEW, schema: { tags, summary: 'A version with its BPMN XML', params: idParams, response: { 200: ZWorkflowVersion } } }, async (request) =>
    getVersion(ctxOf(request, platform), request.params.id),
  );
  app.put(`${prefix}/versions/:id/`, { config: MANAGE, schema: { tags, summary: 'Save a draft', params: idParams, body: ZVersionWrite, response: { 200: ZWorkflowVersion } } }, async (request) =>
    updateVersion(ctxOf(request, platform), request.params.id, request.body.bpmn_xml),
  );
  app.post(`${prefix}/versions/:id/validate/`, { config: MANAGE, schema: { tags, summary: 'Problems of the model', params: idParams, response: { 200: ZWfValidateResult } } }, async (request) =>
    validateVersion(ctxOf(request, platform), request.params.id),
  );
  app.post(`${prefix}/versions/:id/publish/`, { config: MANAGE, schema: { tags, summary: 'Save & Publish', params: idParams, response: { 200: ZWorkflowVersion } } }, async (request) =>
    publishVersion(ctxOf(request, platform), request.params.id),
  );
  app.post(
    `${prefix}/versions/:id/executions/`,
    { config: VIEW, schema: { tags, summary: 'Start an execution', params: idParams, body: ZWfExecutionStart, response: { 201: ZWfExecution } } },
    async (request, reply) => reply.status(201).send(await startExecutionOnVersion(ctxOf(request, platform), request.params.id, request.body.variables ?? {}, request.body.start_event)),
  );

  app.get(
    `${prefix}/executions/`,
    { config: VIEW, schema: { tags, summary: 'Executions I started or have tasks in (all for managers)', querystring: ZWfExecutionQuery, response: { 200: zPaged(ZWfExecutionSummary) } } },
    async (request) => {
      const page = await listExecutions(ctxOf(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.get(
    `${prefix}/executions/:id/`,
    { config: VIEW, schema: { tags, summary: 'An execution with elements, tasks, variables and history', params: idParams, response: { 200: ZWfExecution } } },
    async (request) => getExecution(ctxOf(request, platform), request.params.id),
  );

  app.get(
    `${prefix}/my-tasks/`,
    { config: VIEW, schema: { tags, summary: 'My open user tasks (soonest due first)', querystring: ZWfMyTasksQuery, response: { 200: ZResults(ZWfUserTask) } } },
    async (request) => myTasks(ctxOf(request, platform), request.query),
  );
  app.get(`${prefix}/user-tasks/:id/`, { config: VIEW, schema: { tags, summary: 'A user task with its form', params: idParams, response: { 200: ZWfUserTaskDetail } } }, async (request) =>
    getTask(ctxOf(request, platform), request.params.id),
  );
  app.post(
    `${prefix}/user-tasks/:id/responses/`,
    { config: { ...VIEW, idempotent: true }, schema: { tags, summary: 'Answer a user task', params: idParams, body: ZWfTaskAnswer, response: { 201: ZTaskAnswerResult } } },
    async (request, reply) => reply.status(201).send(await answerTask(ctxOf(request, platform), request.params.id, request.body.response)),
  );

  // offline-capable like a task's answer (decision 031): the same Idempotency-Key again is the first delivery's answer, never a second delivery
  app.post(
    `${prefix}/messages/`,
    { config: { ...VIEW, idempotent: true }, schema: { tags, summary: 'Send a message (starts and correlates)', body: ZWfMessageSend, response: { 200: ZWfMessageResult } } },
    async (request) => sendMessage(ctxOf(request, platform), request.body),
  );
}
