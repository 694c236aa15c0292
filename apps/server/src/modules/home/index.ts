/** The home module's public face (decision 027). */
export { homeRoutes } from './home.routes.ts';
export { homeFeed } from './home.service.ts';
