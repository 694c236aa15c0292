import { HOME_BASE, ZHomeFeed, ZHomeFeedQuery } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { homeFeed } from './home.service.ts';

/** The home feed (decision 027). */
export async function homeRoutes(app: App, platform: Platform): Promise<void> {
  app.get(
    `${HOME_BASE}/feed/`,
    {
      config: { access: requires('VIEW_HOME') },
      schema: {
        tags: ['home'],
        summary: '“What do I do now”: today’s and overdue activities, open workflow tasks, posts awaiting acknowledgement and unread, quick actions',
        querystring: ZHomeFeedQuery,
        response: { 200: ZHomeFeed },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return homeFeed(ctxOf(request, platform), request.query);
    },
  );
}
