import { z } from 'zod';
import {
  ZPasswordResetPreview,
  ZBulkInviteRequest,
  ZBulkInviteResponse,
  ZBulkPersonPositionRequest,
  ZBulkPersonPositionResponse,
  ZBulkPersonStatusRequest,
  ZBulkPersonStatusResponse,
  ZCreatePersonExportRequest,
  ZCreatePersonRequest,
  ZInviteResponse,
  ZPageQuery,
  ZPerson,
  ZPersonExport,
  ZPersonHistoryEntry,
  ZPersonListItem,
  ZPersonTeam,
  ZPersonListQuery,
  ZUpdatePersonRequest,
  zPaged,
  ZPersonCredentialStatus,
  ZSignOutEverywhereResponse,
} from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { SIGNED_IN, behind, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { credentialStatus, sendPasswordReset, signOutEverywhere } from '../auth/index.ts';
import { registerImportRoutes } from '../imports/index.ts';
import {
  createPerson,
  getMe,
  getPerson,
  getPersonByPassport,
  inviteMany,
  invitePerson,
  listPeople,
  myTeam,
  personHistory,
  personTeam,
  setDisabled,
  setManyDisabled,
  setManyPosition,
  updatePerson,
} from './people.service.ts';
import { defineExportJobs, exportDownload, getExport, listExports, scheduleExportRetention, startExport } from './people.export.ts';
import { peopleImporter } from './people.importer.ts';

const prefix = '/api/audiences/v3/persons';
const tags = ['people'];
const idParams = z.object({ id: z.string().max(100) });

/** People (spec forms §2/§3/§7: getPeople, getPerson, getPersonByPassport, retrievePersonalData, exportPersons). */
export async function peopleRoutes(app: App, platform: Platform): Promise<void> {
  await defineExportJobs(platform);
  await scheduleExportRetention(platform);

  app.get(
    `${prefix}/`,
    { config: { access: requires('VIEW_PEOPLE') }, schema: { tags, summary: 'getPeople: search, filters and paging', querystring: ZPersonListQuery, response: { 200: zPaged(ZPersonListItem) } } },
    async (request) => {
      const page = await listPeople(ctxOf(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(`${prefix}/`, { config: { access: requires('MANAGE_PEOPLE') }, schema: { tags, body: ZCreatePersonRequest, response: { 201: ZPerson } } }, async (request, reply) =>
    reply.status(201).send(await createPerson(ctxOf(request, platform), request.body)),
  );
  app.get(`${prefix}/me/`, { config: { access: SIGNED_IN }, schema: { tags, summary: 'retrievePersonalData: the caller’s own record', response: { 200: ZPerson } } }, async (request) =>
    getMe(ctxOf(request, platform)),
  );
  // every member sees who they report to and who reports to them, on their profile (decision 008)
  app.get(
    `${prefix}/me/team/`,
    { config: { access: SIGNED_IN }, schema: { tags, summary: 'Who is right above and right below the caller in the organisation chart', response: { 200: ZPersonTeam } } },
    async (request) => myTeam(ctxOf(request, platform)),
  );
  app.get(
    `${prefix}/by-passport/:passport/`,
    { config: { access: requires('VIEW_PEOPLE') }, schema: { tags, summary: 'getPersonByPassport', params: z.object({ passport: z.string().max(200) }), response: { 200: ZPerson } } },
    async (request) => getPersonByPassport(ctxOf(request, platform), request.params.passport),
  );

  // Exports (before /:id/ so that "exports" is never read as an id)
  app.get(
    `${prefix}/exports/`,
    { config: { access: requires('MANAGE_PEOPLE') }, schema: { tags, summary: 'The tenant’s persons exports, newest first', querystring: ZPageQuery, response: { 200: zPaged(ZPersonExport) } } },
    async (request) => {
      const page = await listExports(ctxOf(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(
    `${prefix}/exports/`,
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: { tags, summary: 'exportPersons: a CSV or XLSX file made in the background', body: ZCreatePersonExportRequest, response: { 202: ZPersonExport } },
    },
    async (request, reply) => reply.status(202).send(await startExport(ctxOf(request, platform), request.body)),
  );
  app.get(
    `${prefix}/exports/:id/`,
    { config: { access: requires('MANAGE_PEOPLE') }, schema: { tags, summary: 'getJobStatus of an export', params: idParams, response: { 200: ZPersonExport } } },
    async (request) => getExport(ctxOf(request, platform), request.params.id),
  );
  app.get(
    `${prefix}/exports/:id/download`,
    { config: { access: { permissions: ['MANAGE_PEOPLE'], cookie: true } }, schema: { tags, summary: 'The export’s file (bearer or session cookie)', params: idParams } },
    async (request, reply) => exportDownload(ctxOf(request, platform), request.params.id, reply),
  );

  // the bulk load of people sits behind its flag (spec §9 "mass person upload", on in production)
  const UPLOAD = behind(requires('MANAGE_PEOPLE'), { flag: 'massive_person_upload', detail: 'Bulk loading people is not enabled for this organisation.' });
  registerImportRoutes(app, platform, { prefix: `${prefix}/imports`, access: UPLOAD, tags, offersCurrent: false, importer: () => peopleImporter });

  app.post(
    `${prefix}/bulk-status`,
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: { tags, summary: 'Disable or enable several people at once (up to 500)', body: ZBulkPersonStatusRequest, response: { 200: ZBulkPersonStatusResponse } },
    },
    async (request) => setManyDisabled(ctxOf(request, platform), request.body),
  );
  app.post(
    `${prefix}/bulk-position`,
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: {
        tags,
        summary: "Give a position to several people at once, or take it from them (up to 500); who takes it gets its default permissions, within the caller's own",
        body: ZBulkPersonPositionRequest,
        response: { 200: ZBulkPersonPositionResponse },
      },
    },
    async (request) => setManyPosition(ctxOf(request, platform), request.body),
  );
  app.post(
    `${prefix}/bulk-invite`,
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: {
        tags,
        summary: 'Invite several people at once (up to 500), each to their primary e-mail; who cannot be invited is said by why',
        body: ZBulkInviteRequest,
        response: { 200: ZBulkInviteResponse },
      },
    },
    async (request) => inviteMany(ctxOf(request, platform), request.body),
  );
  app.get(`${prefix}/:id/`, { config: { access: requires('VIEW_PEOPLE') }, schema: { tags, summary: 'getPerson', params: idParams, response: { 200: ZPerson } } }, async (request) =>
    getPerson(ctxOf(request, platform), request.params.id),
  );
  app.get(
    `${prefix}/:id/team/`,
    {
      config: { access: requires('VIEW_PEOPLE') },
      schema: { tags, summary: 'Who is right above and right below the person in the organisation chart', params: idParams, response: { 200: ZPersonTeam } },
    },
    async (request) => personTeam(ctxOf(request, platform), request.params.id),
  );
  app.get(
    `${prefix}/:id/history/`,
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: { tags, summary: 'The changes made to the person, newest first: who, when, what', params: idParams, querystring: ZPageQuery, response: { 200: zPaged(ZPersonHistoryEntry) } },
    },
    async (request) => {
      const page = await personHistory(ctxOf(request, platform), request.params.id, request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.get(
    `${prefix}/:id/credential-status/`,
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: { tags, summary: 'getCredentialStatus: whether the person can sign in (account, invitation, open sessions)', params: idParams, response: { 200: ZPersonCredentialStatus } },
    },
    async (request) => credentialStatus(ctxOf(request, platform), request.params.id),
  );
  app.post(
    `${prefix}/:id/sign-out-everywhere`,
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: { tags, summary: 'Close every open session of the person (a lost phone); the account stays', params: idParams, response: { 200: ZSignOutEverywhereResponse } },
    },
    async (request) => signOutEverywhere(ctxOf(request, platform), request.params.id),
  );
  app.patch(
    `${prefix}/:id/`,
    { config: { access: requires('MANAGE_PEOPLE') }, schema: { tags, summary: 'Edit any fields of the person form', params: idParams, body: ZUpdatePersonRequest, response: { 200: ZPerson } } },
    async (request) => updatePerson(ctxOf(request, platform), request.params.id, request.body),
  );
  app.post(
    `${prefix}/:id/disable`,
    { config: { access: requires('MANAGE_PEOPLE') }, schema: { tags, summary: 'Disable: the person loses access at once', params: idParams, response: { 200: ZPerson } } },
    async (request) => setDisabled(ctxOf(request, platform), request.params.id, true),
  );
  app.post(`${prefix}/:id/enable`, { config: { access: requires('MANAGE_PEOPLE') }, schema: { tags, params: idParams, response: { 200: ZPerson } } }, async (request) =>
    setDisabled(ctxOf(request, platform), request.params.id, false),
  );
  app.post(
    `${prefix}/:id/password-reset`,
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: { tags, summary: 'E-mail the person a link to choose a new password (the link is never in the answer)', params: idParams, response: { 202: ZPasswordResetPreview } },
    },
    async (request, reply) => reply.status(202).send(await sendPasswordReset(ctxOf(request, platform), request.params.id)),
  );
  app.post(
    `${prefix}/:id/invite`,
    { config: { access: requires('MANAGE_PEOPLE') }, schema: { tags, summary: 'Invite the person to create an account (their primary e-mail)', params: idParams, response: { 201: ZInviteResponse } } },
    async (request, reply) => reply.status(201).send(await invitePerson(ctxOf(request, platform), request.params.id)),
  );
}
