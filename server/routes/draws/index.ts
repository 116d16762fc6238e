import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateDrawEntryRequest,
  DRAW_PATHS,
  DrawEntryIdParams,
  DrawEntryIdsQuery,
  DrawEntryIdsResponse,
  DrawEntryResponse,
  DrawIdParams,
  DrawListQuery,
  DrawListResponse,
  DrawResponse,
  TimerResponse,
} from '../../../contract/api';
import { unauthorized } from '../../errors';
import { sessionOf, tokenSessionIdOf } from '../../plugins/auth';

export default function drawRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { draws } = app.services;

  // The public record: anyone may read it; a signed-in player also sees their entry ids.
  // `mine=true`: the closed draws the signed-in player entered, with their entry ids.
  routes.get(
    `/${DRAW_PATHS.draws}`,
    { schema: { querystring: DrawListQuery, response: { 200: DrawListResponse } } },
    async (request) => {
      const { mine, ...page } = request.query;
      if (!mine) return { data: await draws.list(page) };
      await app.identifyIfSignedIn(request);
      if (!request.session) throw unauthorized();
      return { data: await draws.listEntered(request.session.user.id, page) };
    },
  );

  routes.get(
    `/${DRAW_PATHS.currentDraw}`,
    { schema: { response: { 200: DrawResponse } }, preHandler: app.identifyIfSignedIn },
    async (request) => ({ data: await draws.current(request.session?.user.id) }),
  );

  routes.get(
    `/${DRAW_PATHS.draws}/:id`,
    {
      schema: { params: DrawIdParams, response: { 200: DrawResponse } },
      preHandler: app.identifyIfSignedIn,
    },
    async (request) => ({ data: await draws.get(request.params.id, request.session?.user.id) }),
  );

  routes.get(
    `/${DRAW_PATHS.draws}/:id/entry_ids`,
    {
      schema: {
        params: DrawIdParams,
        querystring: DrawEntryIdsQuery,
        response: { 200: DrawEntryIdsResponse },
      },
    },
    async (request) => draws.entryIds(request.params.id, request.query),
  );

  routes.post(
    `/${DRAW_PATHS.drawEntries}`,
    {
      schema: {
        body: CreateDrawEntryRequest,
        response: { 200: DrawEntryResponse, 201: DrawEntryResponse },
      },
      // The press checks its session in its own statement (the product's busiest call).
      onRequest: app.verifyToken,
    },
    async (request, reply) => {
      const pressed = await draws.pressInSession(tokenSessionIdOf(request));
      if (!pressed) throw unauthorized();
      const { entry, created } = pressed;
      return reply.code(created ? 201 : 200).send({ data: entry });
    },
  );

  routes.get(
    `/${DRAW_PATHS.drawEntries}/:id`,
    {
      schema: { params: DrawEntryIdParams, response: { 200: DrawEntryResponse } },
      onRequest: app.authenticate,
    },
    async (request) => ({
      data: await draws.entry(sessionOf(request).user.id, request.params.id),
    }),
  );

  routes.get(
    `/${DRAW_PATHS.timer}`,
    {
      schema: { response: { 200: TimerResponse } },
      // Checks its session in its own statement: after a closing every app asks at once.
      onRequest: app.verifyToken,
    },
    async (request) => {
      const timer = await draws.timerInSession(tokenSessionIdOf(request));
      if (!timer) throw unauthorized();
      return timer;
    },
  );
}
