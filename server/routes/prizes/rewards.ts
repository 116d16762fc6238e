import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyRequest } from '../../../contract/api';
import {
  ClaimCouponResponse,
  PayRewardsRequest,
  PlayedBackRequest,
  REWARD_PATHS,
  RewardIdParams,
  RewardResponse,
  RewardsResponse,
  WishlistCouponRequest,
} from '../../../contract/rewards';
import { unauthorized } from '../../errors';
import { sessionOf, tokenSessionIdOf } from '../../plugins/auth';
import { absentBodyAsEmptyObject } from '../empty-body';

/** Paying, claiming and clearing rewards (GET rewards lives with the other prizes). */
export default function rewardRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { rewards } = app.services;

  routes.post(
    `/${REWARD_PATHS.rewards}`,
    {
      schema: { body: PayRewardsRequest, response: { 201: RewardsResponse } },
      // Claims check their session in their own statement, as the press does.
      onRequest: app.verifyToken,
    },
    async (request, reply) => {
      const paid = await rewards.payEntryInSession(
        tokenSessionIdOf(request),
        request.body.draw_entry_id,
      );
      if (!paid) throw unauthorized();
      return reply.code(201).send({ data: paid });
    },
  );

  routes.post(
    `/${REWARD_PATHS.wishlistCoupon}`,
    {
      schema: { body: WishlistCouponRequest, response: { 201: RewardResponse } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const coupon = await rewards.firstSkipCoupon(
        sessionOf(request).user.id,
        request.body.is_first_skip_reward ?? false,
      );
      return reply.code(201).send({ data: coupon });
    },
  );

  routes.post(
    '/rewards/:id/claim',
    {
      preValidation: absentBodyAsEmptyObject,
      schema: {
        params: RewardIdParams,
        body: EmptyRequest,
        response: { 200: ClaimCouponResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({
      data: await rewards.claim(sessionOf(request).user.id, request.params.id),
    }),
  );

  routes.delete(
    '/rewards/:id',
    {
      preValidation: absentBodyAsEmptyObject,
      schema: { params: RewardIdParams, body: EmptyRequest },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await rewards.deleteCoupon(sessionOf(request).user.id, request.params.id);
      return reply.code(204).send();
    },
  );

  routes.post(
    `/${REWARD_PATHS.playedBack}`,
    { schema: { body: PlayedBackRequest }, onRequest: app.authenticate },
    async (request, reply) => {
      await rewards.markPlayedBack(sessionOf(request).user.id, request.body.ids);
      return reply.code(204).send();
    },
  );
}
