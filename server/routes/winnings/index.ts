import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClaimBonusRequest,
  ClaimBonusResponse,
  ClaimPrizeRequest,
  ClaimPrizeResponse,
  CouponListResponse,
  PaymentChoicesQuery,
  PaymentChoicesResponse,
  ReferralBonusListResponse,
  WINNINGS_PATHS,
} from '../../../contract/winnings';
import { sessionOf } from '../../plugins/auth';

/** The winnings drawer: coupons, referral bonuses, and the grand prize and bonus claims. */
export default function winningsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { payouts } = app.services;

  routes.get(
    `/${WINNINGS_PATHS.coupons}`,
    { schema: { response: { 200: CouponListResponse } }, onRequest: app.authenticate },
    async (request) => ({ data: await payouts.coupons(sessionOf(request).user.id) }),
  );

  routes.get(
    `/${WINNINGS_PATHS.referralBonuses}`,
    { schema: { response: { 200: ReferralBonusListResponse } }, onRequest: app.authenticate },
    async (request) => ({ data: await payouts.referralBonuses(sessionOf(request).user.id) }),
  );

  routes.get(
    `/${WINNINGS_PATHS.paymentChoices}`,
    {
      schema: { querystring: PaymentChoicesQuery, response: { 200: PaymentChoicesResponse } },
      onRequest: app.authenticate,
    },
    async (request) => ({
      data: await payouts.paymentChoices(sessionOf(request).user.id, request.query.grand_prize_id),
    }),
  );

  routes.post(
    `/${WINNINGS_PATHS.claimPrize}`,
    {
      schema: { body: ClaimPrizeRequest, response: { 201: ClaimPrizeResponse } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const claimed = await payouts.claim(sessionOf(request).user.id, request.body);
      return reply.code(201).send({ data: claimed });
    },
  );

  routes.post(
    `/${WINNINGS_PATHS.claimBonus}`,
    {
      schema: { body: ClaimBonusRequest, response: { 201: ClaimBonusResponse } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const claimed = await payouts.claimBonus(sessionOf(request).user.id, request.body);
      return reply.code(201).send({ data: claimed });
    },
  );
}
