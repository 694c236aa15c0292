/** The posts module's public face: what other modules may use (the home feed reads a person's posts). */
export { postsRoutes } from './posts.routes.ts';
export { feed as postsFeed, getPost, deliverPost, PUBLISH_QUEUE } from './posts.service.ts';
export { seedDemoPosts } from './posts.seed.ts';
