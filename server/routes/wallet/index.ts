import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DRAW_PATHS,
  WalletEntriesRequest,
  WalletEntriesResponse,
  WalletResponse,
} from '../../../contract/api';
import { sessionOf } from '../../plugins/auth';

export default function walletRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { wallet } = app.services;

  routes.get(
    `/${DRAW_PATHS.wallet}`,
    { schema: { response: { 200: WalletResponse } }, onRequest: app.authenticate },
    async (request) => ({ data: await wallet.show(sessionOf(request).user.id) }),
  );

  routes.post(
    `/${DRAW_PATHS.walletEntries}`,
    {
      schema: { body: WalletEntriesRequest, response: { 201: WalletEntriesResponse } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const result = await wallet.enter(sessionOf(request).user.id, request.body.count);
      return reply.code(201).send({ data: result });
    },
  );
}
