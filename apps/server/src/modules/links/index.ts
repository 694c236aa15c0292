/** The links module's public face: what other modules may use. */
export { linksRoutes } from './links.routes.ts';
export { listForCaller as linksOfCaller } from './links.service.ts';
export { seedDemoLinks } from './links.seed.ts';
