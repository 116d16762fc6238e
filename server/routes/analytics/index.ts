// POST analytics: a batch of page views and clicks from the app (DESIGN section 8). Public: a
// beacon sent as the page hides cannot carry the Authorization header, so the batch carries the
// session's token in its body. It answers 202 whatever the token says (an analytics call never
// signs anyone out and tells no one whether a token is live), and is limited per client address.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ANALYTICS_BATCHES_PER_MINUTE,
  AnalyticsBatch,
  AnalyticsResponse,
} from '../../../contract/analytics';
import { PATHS } from '../../../contract/api';
import { tooMany } from '../../errors';

const WINDOW_MS = 60 * 1000;
export const ANALYTICS_TOO_MANY = 'Too many analytics batches. Please try again later.';

export default function analyticsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { analytics } = app.services;
  const perAddress = app.createRateLimit({
    max: ANALYTICS_BATCHES_PER_MINUTE,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `analytics:${request.ip}`,
  });

  routes.post(
    `/${PATHS.analytics}`,
    {
      schema: { body: AnalyticsBatch, response: { 202: AnalyticsResponse } },
      preHandler: async (request) => {
        const result = await perAddress(request);
        if (!result.isAllowed && result.isExceeded) {
          throw tooMany(ANALYTICS_TOO_MANY, Math.max(1, result.ttlInSeconds));
        }
      },
    },
    async (request, reply) => {
      const { token, page_views: pageViews, clicks } = request.body;
      const session = token ? await app.sessionFromToken(token) : null;
      await analytics.record(session?.user.id ?? null, { pageViews, clicks });
      return reply.code(202).send({ message: 'Recorded' });
    },
  );
}
