import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClickRequest, ClickResponse, PATHS } from '../../../contract/api';
import { sessionOf } from '../../plugins/auth';

export default function clickRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { clicks } = app.services;

  routes.post(
    `/${PATHS.clicks}`,
    {
      schema: { body: ClickRequest, response: { 201: ClickResponse } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await clicks.record(sessionOf(request).user.id, request.body.click);
      return reply.code(201).send({ message: 'Click recorded' });
    },
  );
}
