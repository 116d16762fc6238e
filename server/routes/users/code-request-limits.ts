// request_code is limited per phone and per client address (DESIGN section 4), with
// @fastify/rate-limit's counters. Both limits apply to one request, so the two limiters are
// checked in one preHandler (the plugin's own preHandler stops after its first limiter).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooMany } from '../../errors';
import { toE164 } from '../../phone';

const WINDOW_MS = 10 * 60 * 1000;
export const CODE_REQUESTS_DETAIL = 'Too many code requests. Please try again later.';

export function codeRequestLimits(
  app: FastifyInstance,
  limits: { perPhone: number; perAddress: number },
) {
  const perAddress = app.createRateLimit({
    max: limits.perAddress,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `address:${request.ip}`,
  });
  const perPhone = app.createRateLimit({
    max: limits.perPhone,
    timeWindow: WINDOW_MS,
    // The body is already validated by the contract here, so the key is the normalised phone.
    keyGenerator: (request) =>
      `phone:${toE164((request.body as { phone_number: string }).phone_number)}`,
  });
  return async (request: FastifyRequest) => {
    for (const limiter of [perAddress, perPhone]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw tooMany(CODE_REQUESTS_DETAIL, Math.max(1, result.ttlInSeconds));
      }
    }
  };
}
