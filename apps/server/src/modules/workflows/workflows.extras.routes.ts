import { z } from 'zod';
import {
  ZKanban,
  ZKanbanBoard,
  ZKanbanCard,
  ZKanbanMove,
  ZKanbanOptions,
  ZKanbanWrite,
  ZWfExport,
  ZWfExportCreate,
  ZWfPublicReceipt,
  ZWfPublicSetting,
  ZWfPublicStart,
  ZWfPublicStartForm,
  ZWfPublicTracking,
} from '@faena/contracts/workflows-extras';
import type { App } from '../../platform/http/app.ts';
import { PUBLIC, requires } from '../../platform/http/access.ts';
import { ctxOf, signedIn } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { defineWfExportJobs, getWfExport, startWfExport, wfExportDownload } from './workflows.export.ts';
import { createKanban, deleteKanban, getKanban, kanbanBoard, kanbanOptions, listKanbans, moveCard, updateKanban } from './workflows.kanban.ts';
import { KanbanStreams } from './workflows.kanban-stream.ts';
import { getPublicSetting, publicStart, publicStartForm, publicTracking, setPublicSetting, type VersionRef } from './workflows.public.ts';
import { WORKFLOWS_BASE } from '@faena/contracts/workflows';

/** Executions exports, kanban boards and public start links (decision 025). */
const prefix = WORKFLOWS_BASE;
const tags = ['workflows'];
const VIEW = { access: requires('VIEW_WF') };
const MANAGE = { access: requires('MANAGE_WF') };
const id = z.string().max(100);
const typeParams = z.object({ id });
const kanbanParams = z.object({ id, kanban: id });
const bpmn = z.string().min(1).max(200);

export async function workflowsExtrasRoutes(app: App, platform: Platform): Promise<void> {
  await defineWfExportJobs(platform);

  // ------------------------------------------------------------------ exports (myExecutionsExport)
  app.post(
    `${prefix}/workflow-types/:id/executions/exports/`,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'myExecutionsExport: the filtered executions of a type as CSV or XLSX, made in the background',
        params: typeParams,
        body: ZWfExportCreate,
        response: { 202: ZWfExport },
      },
    },
    async (request, reply) => reply.status(202).send(await startWfExport(ctxOf(request, platform), request.params.id, request.body)),
  );
  app.get(
    `${prefix}/executions-exports/:id/`,
    { config: VIEW, schema: { tags, summary: 'An executions export (its requester only): progress and, when done, its file', params: typeParams, response: { 200: ZWfExport } } },
    async (request) => getWfExport(ctxOf(request, platform), request.params.id),
  );
  app.get(
    `${prefix}/executions-exports/:id/download`,
    {
      config: VIEW,
      schema: { tags, summary: 'The file of an executions export (its requester only): 409 while it is made, 410 expired once its 7 days are over', params: typeParams },
    },
    async (request, reply) => wfExportDownload(ctxOf(request, platform), request.params.id, reply),
  );

  // ------------------------------------------------------------------ kanban boards
  app.get(
    `${prefix}/workflow-types/:id/kanbans/`,
    { config: VIEW, schema: { tags, summary: 'Kanban boards of a type', params: typeParams, response: { 200: z.object({ results: z.array(ZKanban) }) } } },
    async (request) => listKanbans(ctxOf(request, platform), request.params.id),
  );
  app.get(
    `${prefix}/workflow-types/:id/kanban-options/`,
    { config: MANAGE, schema: { tags, summary: 'What a board may use: user tasks of the active version, variables of its forms', params: typeParams, response: { 200: ZKanbanOptions } } },
    async (request) => {
      const { tasks, variables } = await kanbanOptions(ctxOf(request, platform), request.params.id);
      return { tasks, variables };
    },
  );
  app.post(
    `${prefix}/workflow-types/:id/kanbans/`,
    { config: MANAGE, schema: { tags, summary: 'Create a kanban board', params: typeParams, body: ZKanbanWrite, response: { 201: ZKanban } } },
    async (request, reply) => reply.status(201).send(await createKanban(ctxOf(request, platform), request.params.id, request.body)),
  );
  app.get(
    `${prefix}/workflow-types/:id/kanbans/:kanban/`,
    { config: VIEW, schema: { tags, summary: 'A kanban board’s configuration', params: kanbanParams, response: { 200: ZKanban } } },
    async (request) => getKanban(ctxOf(request, platform), request.params.id, request.params.kanban),
  );
  app.put(
    `${prefix}/workflow-types/:id/kanbans/:kanban/`,
    { config: MANAGE, schema: { tags, summary: 'Change a kanban board', params: kanbanParams, body: ZKanbanWrite, response: { 200: ZKanban } } },
    async (request) => updateKanban(ctxOf(request, platform), request.params.id, request.params.kanban, request.body),
  );
  app.delete(`${prefix}/workflow-types/:id/kanbans/:kanban/`, { config: MANAGE, schema: { tags, summary: 'Delete a kanban board', params: kanbanParams } }, async (request, reply) => {
    await deleteKanban(ctxOf(request, platform), request.params.id, request.params.kanban);
    return reply.status(204).send();
  });
  app.get(
    `${prefix}/workflow-types/:id/kanbans/:kanban/board/`,
    { config: VIEW, schema: { tags, summary: 'The board: executions as cards in columns', params: kanbanParams, response: { 200: ZKanbanBoard } } },
    async (request) => kanbanBoard(ctxOf(request, platform), request.params.id, request.params.kanban),
  );
  const streams = new KanbanStreams(platform);
  // open streams would hold the server open: end them first, clients reconnect elsewhere
  app.addHook('preClose', async () => streams.closeAll());
  app.get(
    `${prefix}/workflow-types/:id/kanbans/:kanban/events/`,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Event stream of a board: `changed` when an execution of its type moved (read the board again), `ping` every 25 s',
        params: kanbanParams,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, platform);
      await getKanban(ctx, request.params.id, request.params.kanban);
      streams.open(request, reply, ctx.tenant.id, request.params.id, signedIn(ctx).caller);
    },
  );
  app.post(
    `${prefix}/workflow-types/:id/kanbans/:kanban/moves/`,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Move a card: completes the step it stands on when the model allows it (409 move-not-allowed otherwise)',
        params: kanbanParams,
        body: ZKanbanMove,
        response: { 200: ZKanbanCard.nullable() },
      },
    },
    async (request) => moveCard(ctxOf(request, platform), request.params.id, request.params.kanban, request.body),
  );

  // ------------------------------------------------------------------ public start links
  app.get(
    `${prefix}/workflow-types/:id/public-link/`,
    { config: MANAGE, schema: { tags, summary: 'Whether the type can be started without signing in', params: typeParams, response: { 200: ZWfPublicSetting } } },
    async (request) => getPublicSetting(ctxOf(request, platform), request.params.id),
  );
  app.put(
    `${prefix}/workflow-types/:id/public-link/`,
    { config: MANAGE, schema: { tags, summary: 'Turn the public start link on or off', params: typeParams, body: ZWfPublicSetting, response: { 200: ZWfPublicSetting } } },
    async (request) => setPublicSetting(ctxOf(request, platform), request.params.id, request.body),
  );

  const legacy = z.object({ type: id, version: id, bpmn });
  const byGroup = z.object({ type: id, group: id, bpmn });
  const refOf = (params: { version: string } | { group: string }): VersionRef => ('version' in params ? { versionId: params.version } : { group: params.group });
  const publicConfig = { access: PUBLIC };
  for (const [path, params] of [
    [`${prefix}/public/workflow-types/:type/versions/:version/start/:bpmn/`, legacy],
    [`${prefix}/public/workflow-types/:type/by-group/:group/start/:bpmn/`, byGroup],
  ] as const) {
    app.get(path, { config: publicConfig, schema: { tags, summary: 'The start form of a public workflow (no sign-in)', params, response: { 200: ZWfPublicStartForm } } }, async (request) => {
      const p = request.params as z.infer<typeof legacy> | z.infer<typeof byGroup>;
      return publicStartForm(ctxOf(request, platform), p.type, refOf(p), p.bpmn);
    });
    app.post(
      path,
      {
        config: publicConfig,
        schema: {
          tags,
          summary: 'Start a public workflow (no sign-in; rate-limited per address and per type) → receipt with a tracking code',
          params,
          body: ZWfPublicStart,
          response: { 201: ZWfPublicReceipt },
        },
      },
      async (request, reply) => {
        const p = request.params as z.infer<typeof legacy> | z.infer<typeof byGroup>;
        return reply.status(201).send(await publicStart(ctxOf(request, platform), p.type, refOf(p), p.bpmn, request.body.variables, request.ip));
      },
    );
  }
  app.get(
    `${prefix}/public/tracking/:code/`,
    {
      config: publicConfig,
      schema: { tags, summary: 'The status of a publicly started request, by its tracking code', params: z.object({ code: z.string().max(40) }), response: { 200: ZWfPublicTracking } },
    },
    async (request) => publicTracking(ctxOf(request, platform), request.params.code),
  );
}
