/** Documents shared with persons (issue 45 point 5): its routes, and the file reader that admits them. */
export { documentSharesRoutes } from './document-shares.routes.ts';
export { documentFilesWithShares } from './document-shares.service.ts';
