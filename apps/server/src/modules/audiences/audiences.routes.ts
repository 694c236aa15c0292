import { z } from 'zod';
import {
  ZAudience,
  ZAudienceListQuery,
  ZAudiencePreviewRequest,
  ZCreateAudienceRequest,
  ZPageQuery,
  ZPermissionsCalculatorRequest,
  ZPermissionsCalculatorResponse,
  ZPersonAudiences,
  ZPersonListItem,
  ZPersonOptions,
  ZPersonOptionsQuery,
  ZUpdateAudienceRequest,
  zPaged,
} from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { SIGNED_IN, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { audienceMembers, calculatePermissions, createAudience, editAudience, getAudience, listAll, personAudiences, personOptions, removeAudience } from './audiences.service.ts';

const prefix = '/api/audiences/v3';
const tags = ['audiences'];
const MANAGE = requires('MANAGE_PEOPLE');
const idParams = z.object({ id: z.string().max(100) });
const membersQuery = ZPageQuery.extend({ search: z.string().max(200).optional() });

/** Audiences (/audiences) and the permissions calculator (/calculadora-permisos). */
export function audiencesRoutes(app: App, platform: Platform): void {
  app.get(
    `${prefix}/audiences/`,
    { config: { access: SIGNED_IN }, schema: { tags, summary: 'Audiences (pickers of forms, workflows and notifications)', querystring: ZAudienceListQuery, response: { 200: zPaged(ZAudience) } } },
    async (request) => {
      const page = await listAll(ctxOf(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(`${prefix}/audiences/`, { config: { access: MANAGE }, schema: { tags, body: ZCreateAudienceRequest, response: { 201: ZAudience } } }, async (request, reply) =>
    reply.status(201).send(await createAudience(ctxOf(request, platform), request.body)),
  );
  app.get(
    `${prefix}/person-options/`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'People pickers of forms (any member): names and position titles, found by name, of an audience; or named back by ids',
        querystring: ZPersonOptionsQuery,
        response: { 200: ZPersonOptions },
      },
    },
    async (request) => personOptions(ctxOf(request, platform), request.query),
  );
  app.get(
    `${prefix}/persons/:id/audiences/`,
    {
      config: { access: requires('VIEW_PEOPLE') },
      schema: { tags, summary: 'The audiences a person belongs to, each with the rules that take them in', params: idParams, response: { 200: ZPersonAudiences } },
    },
    async (request) => personAudiences(ctxOf(request, platform), request.params.id),
  );
  app.post(
    `${prefix}/audiences/preview`,
    {
      config: { access: requires('VIEW_PEOPLE') },
      schema: { tags, summary: 'The persons draft rules resolve to (first page and count)', querystring: membersQuery, body: ZAudiencePreviewRequest, response: { 200: zPaged(ZPersonListItem) } },
    },
    async (request) => {
      const page = await audienceMembers(ctxOf(request, platform), request.body.rules, request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.get(`${prefix}/audiences/:id/`, { config: { access: SIGNED_IN }, schema: { tags, params: idParams, response: { 200: ZAudience } } }, async (request) =>
    getAudience(ctxOf(request, platform), request.params.id),
  );
  app.patch(`${prefix}/audiences/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams, body: ZUpdateAudienceRequest, response: { 200: ZAudience } } }, async (request) =>
    editAudience(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${prefix}/audiences/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams } }, async (request, reply) => {
    await removeAudience(ctxOf(request, platform), request.params.id);
    return reply.status(204).send();
  });
  app.get(
    `${prefix}/audiences/:id/persons/`,
    {
      config: { access: requires('VIEW_PEOPLE') },
      schema: { tags, summary: 'The enabled persons the audience resolves to', params: idParams, querystring: membersQuery, response: { 200: zPaged(ZPersonListItem) } },
    },
    async (request) => {
      const page = await audienceMembers(ctxOf(request, platform), request.params.id, request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(
    `${prefix}/permissions-calculator/`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Effective permission keys of positions, persons and an audience, and which source grants each',
        body: ZPermissionsCalculatorRequest,
        response: { 200: ZPermissionsCalculatorResponse },
      },
    },
    async (request) => calculatePermissions(ctxOf(request, platform), request.body),
  );
}
