import { z } from 'zod';
import {
  ZAssertionErrorBody,
  ZCreateFormRequest,
  ZEvaluateExpressionRequest,
  ZEvaluateExpressionResponse,
  ZFormDefinition,
  ZSubmitResponseRequest,
  ZUpdateFormRequest,
  evaluateForApi,
} from '@faena/domain';
import { ZPageQuery, zPaged } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { SIGNED_IN, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createForm, getForm, getFormResponse, listAllForms, listFormResponses, submitResponse, updateForm } from './forms.service.ts';

const prefix = '/api/forms/v3/forms';
const tags = ['forms'];

const ZFormView = z.object({ id: z.string(), version: z.number().int(), name: z.string(), description: ZFormDefinition, created_at: z.string(), updated_at: z.string() }).meta({ id: 'Form' });
const ZFormSummary = z.object({ id: z.string(), version: z.number().int(), name: z.string(), created_at: z.string(), updated_at: z.string() });
const ZResponseView = z
  .object({
    id: z.string(),
    form: z.string(),
    form_version: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    response: z.record(z.string(), z.unknown()),
    user: z.object({ id: z.string(), passport: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'FormResponse' });
const formParams = z.object({ id: z.string().max(100) });

export function formsRoutes(app: App, platform: Platform): void {
  app.get(
    `${prefix}/`,
    { config: { access: requires('MANAGE_WF') }, schema: { tags, querystring: ZPageQuery.extend({ search: z.string().max(200).optional() }), response: { 200: zPaged(ZFormSummary) } } },
    async (request) => {
      const page = await listAllForms(ctxOf(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(
    `${prefix}/`,
    { config: { access: requires('MANAGE_WF') }, schema: { tags, summary: 'Create a form (version 1)', body: ZCreateFormRequest, response: { 201: ZFormView } } },
    async (request, reply) => reply.status(201).send(await createForm(ctxOf(request, platform), request.body)),
  );
  app.get(`${prefix}/:id/`, { config: { access: SIGNED_IN }, schema: { tags, summary: 'The latest version of a form', params: formParams, response: { 200: ZFormView } } }, async (request) =>
    getForm(ctxOf(request, platform), request.params.id),
  );
  app.put(
    `${prefix}/:id/`,
    {
      config: { access: requires('MANAGE_WF') },
      schema: { tags, summary: 'Save a new version (field names cannot change; base_version refuses a stale save)', params: formParams, body: ZUpdateFormRequest, response: { 200: ZFormView } },
    },
    async (request) => updateForm(ctxOf(request, platform), request.params.id, request.body),
  );
  app.get(
    `${prefix}/:id/versions/:version/`,
    { config: { access: SIGNED_IN }, schema: { tags, params: formParams.extend({ version: z.coerce.number().int().min(1).max(1_000_000) }), response: { 200: ZFormView } } },
    async (request) => getForm(ctxOf(request, platform), request.params.id, request.params.version),
  );
  app.post(
    `${prefix}/:id/responses/`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Submit a response; the server applies the same rules as the form',
        params: formParams,
        body: ZSubmitResponseRequest,
        response: { 201: ZResponseView, 400: ZAssertionErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await submitResponse(ctxOf(request, platform), request.params.id, request.body.response)),
  );
  app.get(
    `${prefix}/:id/responses/`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'Responses (all with MANAGE_WF, otherwise your own)', params: formParams, querystring: ZPageQuery, response: { 200: zPaged(ZResponseView) } },
    },
    async (request) => {
      const page = await listFormResponses(ctxOf(request, platform), request.params.id, request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.get(
    `${prefix}/:id/responses/:responseId/`,
    { config: { access: SIGNED_IN }, schema: { tags, params: formParams.extend({ responseId: z.string().max(100) }), response: { 200: ZResponseView } } },
    async (request) => getFormResponse(ctxOf(request, platform), request.params.id, request.params.responseId),
  );

  // The "logic parser" service group: the builder's live preview of show_if conditions.
  app.post(
    '/api/logic-parser/v3/evaluate',
    { config: { access: SIGNED_IN }, schema: { tags: ['logic-parser'], body: ZEvaluateExpressionRequest, response: { 200: ZEvaluateExpressionResponse } } },
    async (request) => {
      const outcome = evaluateForApi(request.body.expression, request.body.values);
      if (!outcome.ok) throw new AppError('invalid-expression', outcome.error.detail, { reason: outcome.error.reason, position: outcome.error.position });
      return { result: outcome.result };
    },
  );
}
