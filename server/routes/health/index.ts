import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponse, PATHS } from '../../../contract/api';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../errors';

/**
 * Load balancers and scripts wait on this: 200 while the database is reachable, 503 otherwise.
 * It answers from what the server already knows (see Reachability), so polling it costs the
 * database nothing and an outage shows at once rather than after a connect timeout.
 */
export default function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `/${PATHS.health}`,
      { schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
      async (_request, reply) => {
        if (app.databaseReachability.isReachable()) {
          return reply.code(200).send({ status: 'ok' });
        }
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'unavailable' });
      },
    );
}
