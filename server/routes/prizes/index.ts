import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DRAW_PATHS,
  GrandPrizeIdParams,
  GrandPrizeListResponse,
  GrandPrizeResponse,
  RewardListResponse,
} from '../../../contract/api';
import { sessionOf } from '../../plugins/auth';

export default function prizeRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { prizes } = app.services;

  routes.get(
    `/${DRAW_PATHS.rewards}`,
    { schema: { response: { 200: RewardListResponse } }, onRequest: app.authenticate },
    async (request) => ({ data: await prizes.rewards(sessionOf(request).user.id) }),
  );

  routes.get(
    `/${DRAW_PATHS.grandPrizes}`,
    { schema: { response: { 200: GrandPrizeListResponse } }, onRequest: app.authenticate },
    async (request) => ({ data: await prizes.grandPrizes(sessionOf(request).user.id) }),
  );

  routes.get(
    `/${DRAW_PATHS.grandPrizes}/:id`,
    {
      schema: { params: GrandPrizeIdParams, response: { 200: GrandPrizeResponse } },
      onRequest: app.authenticate,
    },
    async (request) => ({
      data: await prizes.grandPrize(sessionOf(request).user.id, request.params.id),
    }),
  );
}
