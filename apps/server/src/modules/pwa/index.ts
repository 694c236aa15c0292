/** The pwa module's public face: the installable app's manifest and icons (decision 030). */
export { pwaRoutes } from './pwa.routes.ts';
