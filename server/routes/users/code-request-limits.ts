// request_code is limited per phone and per client address (DESIGN section 4), with
// @fastify/rate-limit's counters. Both limits apply to one request, so the two limiters are
// checked in one preHandler (the plugin's own preHandler stops after its first limiter).
// A trusted device of that phone counts against a limit of its own instead, so strangers
// asking for codes cannot use up the player's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooMany } from '../../errors';
import { toE164 } from '../../phone';
import { phoneLimitKey } from '../../repositories/rate-limits';
import { signInClientOf } from './device-cookie';

const WINDOW_MS = 10 * 60 * 1000;
export const CODE_REQUESTS_DETAIL = 'Too many code requests. Please try again later.';

export function codeRequestLimits(
  app: FastifyInstance,
  limits: { perPhone: number; perAddress: number },
) {
  const trustedDevices = new WeakMap<FastifyRequest, string>();
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
      phoneLimitKey(toE164((request.body as { phone_number: string }).phone_number)),
  });
  const perDevice = app.createRateLimit({
    max: limits.perPhone,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `device:${trustedDevices.get(request) ?? ''}`,
  });
  return async (request: FastifyRequest) => {
    const phone = (request.body as { phone_number: string }).phone_number;
    const device = await app.services.signIn.trustedDevice(phone, signInClientOf(request).device);
    if (device) trustedDevices.set(request, device);
    for (const limiter of device ? [perDevice] : [perAddress, perPhone]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw tooMany(CODE_REQUESTS_DETAIL, Math.max(1, result.ttlInSeconds));
      }
    }
  };
}
