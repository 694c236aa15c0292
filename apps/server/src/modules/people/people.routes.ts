import { ZCreatePersonRequest, ZPerson, ZPersonListQuery, zPaged } from '@faena/contracts';
import { z } from 'zod';
import type { App } from '../../platform/http/app.ts';
import { requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { createPerson, getPerson, listPeople } from './people.service.ts';

const prefix = '/api/audiences/v3/persons';
const tags = ['people'];

export function peopleRoutes(app: App, platform: Platform): void {
  app.get(
    `${prefix}/`,
    { config: { access: requires('VIEW_PEOPLE') }, schema: { tags, querystring: ZPersonListQuery, response: { 200: zPaged(ZPerson) } } },
    async (request) => {
      const page = await listPeople(ctxOf(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(
    `${prefix}/`,
    { config: { access: requires('MANAGE_PEOPLE') }, schema: { tags, body: ZCreatePersonRequest, response: { 201: ZPerson } } },
    async (request, reply) => reply.status(201).send(await createPerson(ctxOf(request, platform), request.body)),
  );
  app.get(
    `${prefix}/:id/`,
    { config: { access: requires('VIEW_PEOPLE') }, schema: { tags, params: z.object({ id: z.string().max(100) }), response: { 200: ZPerson } } },
    async (request) => getPerson(ctxOf(request, platform), request.params.id),
  );
}
