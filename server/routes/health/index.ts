import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponse, PATHS } from '../../../contract/api';

/** Load balancers and scripts wait on this: 200 once the database answers, 503 otherwise. */
export default function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `/${PATHS.health}`,
      { schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
      async (_request, reply) => {
        if (await app.databaseIsReachable()) return reply.code(200).send({ status: 'ok' });
        return reply.code(503).send({ status: 'unavailable' });
      },
    );
}
