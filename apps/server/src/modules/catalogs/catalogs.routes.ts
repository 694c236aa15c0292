import { z } from 'zod';
import {
  ALL_CATALOGS,
  GENERIC_CATALOGS,
  ZCatalogItem,
  ZCatalogListQuery,
  ZCreateCatalogItemRequest,
  ZCreateLocationRequest,
  ZCreateVenueRequest,
  ZLocation,
  ZLocationListQuery,
  ZPublicVenue,
  ZUpdateCatalogItemRequest,
  ZUpdateLocationRequest,
  ZUpdateVenueRequest,
  ZVenue,
  zPaged,
  type TCatalog,
  type TGenericCatalog,
  ZCatalogUsage,
} from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { PUBLIC, SIGNED_IN, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { registerImportRoutes } from '../imports/index.ts';
import { CATALOG_IMPORTERS } from './catalogs.importers.ts';
import {
  assertCatalogEnabled,
  createCatalogItem,
  createLocation,
  createVenue,
  deleteCatalogItem,
  editLocation,
  editVenue,
  getCatalogItem,
  getLocation,
  getPublicVenue,
  getVenue,
  catalogUsage,
  listAllLocations,
  listAllVenues,
  listCatalogItems,
  updateCatalogItem,
} from './catalogs.service.ts';

const prefix = '/api/organization/v3';
const tags = ['catalogs'];
const MANAGE = requires('MANAGE_PEOPLE');
const idParams = z.object({ id: z.string().max(100) });
const catalogParams = z.object({ catalog: z.string().max(50) });
const catalogIdParams = catalogParams.extend({ id: z.string().max(100) });

function genericCatalog(value: string): TGenericCatalog {
  if (!(GENERIC_CATALOGS as readonly string[]).includes(value)) throw new AppError('not-found', `Catalogue ${value} not found.`);
  return value as TGenericCatalog;
}

/**
 * Venues, locations and the generic catalogues (spec forms §2/§3/§7: listVenues, retrieveFullVenue,
 * retrievePublicVenueData, listLocations, retrieveFullLocation, listVenuesCategories,
 * retrieveBlueprints/Detail, retrieveCompanies/Detail, retrieveStores/Detail,
 * retrieveBusinessLines/Detail). Reading needs a signed-in member (form pickers); writing
 * MANAGE_PEOPLE (decision 008). Deleting is a soft delete.
 */
export function catalogsRoutes(app: App, platform: Platform): void {
  // Bulk loads of every catalogue: /imports/{catalog}/… (before /:catalog/ so that "imports" is never a catalogue)
  registerImportRoutes(app, platform, {
    prefix: `${prefix}/imports/:catalog`,
    access: MANAGE,
    tags,
    params: { catalog: z.string().max(50) },
    importer: (ctx, params) => {
      const catalog = params.catalog ?? '';
      if (!(ALL_CATALOGS as readonly string[]).includes(catalog)) throw new AppError('not-found', `Catalogue ${catalog} not found.`);
      assertCatalogEnabled(ctx.tenant, catalog as TCatalog);
      return CATALOG_IMPORTERS[catalog as TCatalog];
    },
  });

  // Venues
  app.get(`${prefix}/venues/`, { config: { access: SIGNED_IN }, schema: { tags, summary: 'listVenues', querystring: ZCatalogListQuery, response: { 200: zPaged(ZVenue) } } }, async (request) => {
    const page = await listAllVenues(ctxOf(request, platform), request.query);
    return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
  });
  app.post(`${prefix}/venues/`, { config: { access: MANAGE }, schema: { tags, body: ZCreateVenueRequest, response: { 201: ZVenue } } }, async (request, reply) =>
    reply.status(201).send(await createVenue(ctxOf(request, platform), request.body)),
  );
  app.get(`${prefix}/venues/:id/`, { config: { access: SIGNED_IN }, schema: { tags, summary: 'retrieveFullVenue', params: idParams, response: { 200: ZVenue } } }, async (request) =>
    getVenue(ctxOf(request, platform), request.params.id),
  );
  app.get(
    `${prefix}/venues/:id/public`,
    { config: { access: PUBLIC }, schema: { tags, summary: 'retrievePublicVenueData: name, code and address of an active venue', params: idParams, response: { 200: ZPublicVenue } } },
    async (request) => getPublicVenue(ctxOf(request, platform), request.params.id),
  );
  app.patch(`${prefix}/venues/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams, body: ZUpdateVenueRequest, response: { 200: ZVenue } } }, async (request) =>
    editVenue(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${prefix}/venues/:id/`, { config: { access: MANAGE }, schema: { tags, summary: 'Soft delete (is_active false)', params: idParams } }, async (request, reply) => {
    await editVenue(ctxOf(request, platform), request.params.id, { is_active: false });
    return reply.status(204).send();
  });

  // What points at a row: `/venues/{id}/usage/`, `/locations/{id}/usage/`, `/{catalogue}/{id}/usage/`
  const usageSchema = { tags, summary: 'What still names the row: persons, active venues and locations pointing at it', response: { 200: ZCatalogUsage } };
  for (const catalog of ['venues', 'locations'] as const) {
    app.get(`${prefix}/${catalog}/:id/usage/`, { config: { access: MANAGE }, schema: { ...usageSchema, params: idParams } }, async (request) =>
      catalogUsage(ctxOf(request, platform), catalog, request.params.id),
    );
  }
  app.get(`${prefix}/:catalog/:id/usage/`, { config: { access: MANAGE }, schema: { ...usageSchema, params: catalogIdParams } }, async (request) =>
    catalogUsage(ctxOf(request, platform), genericCatalog(request.params.catalog), request.params.id),
  );

  // Locations (module "location")
  app.get(
    `${prefix}/locations/`,
    { config: { access: SIGNED_IN }, schema: { tags, summary: 'listLocations', querystring: ZLocationListQuery, response: { 200: zPaged(ZLocation) } } },
    async (request) => {
      const page = await listAllLocations(ctxOf(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(`${prefix}/locations/`, { config: { access: MANAGE }, schema: { tags, body: ZCreateLocationRequest, response: { 201: ZLocation } } }, async (request, reply) =>
    reply.status(201).send(await createLocation(ctxOf(request, platform), request.body)),
  );
  app.get(`${prefix}/locations/:id/`, { config: { access: SIGNED_IN }, schema: { tags, summary: 'retrieveFullLocation', params: idParams, response: { 200: ZLocation } } }, async (request) =>
    getLocation(ctxOf(request, platform), request.params.id),
  );
  app.patch(`${prefix}/locations/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams, body: ZUpdateLocationRequest, response: { 200: ZLocation } } }, async (request) =>
    editLocation(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${prefix}/locations/:id/`, { config: { access: MANAGE }, schema: { tags, summary: 'Soft delete (is_active false)', params: idParams } }, async (request, reply) => {
    await editLocation(ctxOf(request, platform), request.params.id, { is_active: false });
    return reply.status(204).send();
  });

  // Generic catalogues: venue-categories, business-lines, blueprints, companies, stores
  const catalogSummary = `One of ${GENERIC_CATALOGS.join(', ')}.`;
  app.get(
    `${prefix}/:catalog/`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'List a catalogue', description: catalogSummary, params: catalogParams, querystring: ZCatalogListQuery, response: { 200: zPaged(ZCatalogItem) } },
    },
    async (request) => {
      const page = await listCatalogItems(ctxOf(request, platform), genericCatalog(request.params.catalog), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(
    `${prefix}/:catalog/`,
    { config: { access: MANAGE }, schema: { tags, description: catalogSummary, params: catalogParams, body: ZCreateCatalogItemRequest, response: { 201: ZCatalogItem } } },
    async (request, reply) => reply.status(201).send(await createCatalogItem(ctxOf(request, platform), genericCatalog(request.params.catalog), request.body)),
  );
  app.get(`${prefix}/:catalog/:id/`, { config: { access: SIGNED_IN }, schema: { tags, description: catalogSummary, params: catalogIdParams, response: { 200: ZCatalogItem } } }, async (request) =>
    getCatalogItem(ctxOf(request, platform), genericCatalog(request.params.catalog), request.params.id),
  );
  app.patch(
    `${prefix}/:catalog/:id/`,
    { config: { access: MANAGE }, schema: { tags, description: catalogSummary, params: catalogIdParams, body: ZUpdateCatalogItemRequest, response: { 200: ZCatalogItem } } },
    async (request) => updateCatalogItem(ctxOf(request, platform), genericCatalog(request.params.catalog), request.params.id, request.body),
  );
  app.delete(
    `${prefix}/:catalog/:id/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Soft delete (is_active false)', description: catalogSummary, params: catalogIdParams } },
    async (request, reply) => {
      await deleteCatalogItem(ctxOf(request, platform), genericCatalog(request.params.catalog), request.params.id);
      return reply.status(204).send();
    },
  );
}
