// POST demo/reset: the presentation environment wiped to its start (DEMO_MODE only). Without
// DEMO_MODE the address answers as one that does not exist, before anything else is looked at.
// A signed-in player resets from the drawer; the reset signs every player out, that one too.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyRequest, PATHS } from '../../../contract/api';
import { DemoResetResponse } from '../../../contract/demo';
import type { Config } from '../../config';
import { notFound, tooMany } from '../../errors';
import { DEMO_RESET_LIMIT_PREFIX } from '../../services/demo';
import { absentBodyAsEmptyObject } from '../empty-body';

/** Resets per client address in a window: a presenter's pace, not a script's. */
export const DEMO_RESETS_PER_WINDOW = 5;
const WINDOW_MS = 60 * 1000;
export const DEMO_RESETS_DETAIL = 'Too many demo resets. Please try again later.';

export default function demoRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limiter = app.createRateLimit({
    max: DEMO_RESETS_PER_WINDOW,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `${DEMO_RESET_LIMIT_PREFIX}address:${request.ip}`,
  });
  const demoOnly = (): Promise<void> =>
    config.DEMO_MODE ? Promise.resolve() : Promise.reject(notFound());
  const limited = async (request: FastifyRequest) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      throw tooMany(DEMO_RESETS_DETAIL, Math.max(1, result.ttlInSeconds));
    }
  };

  routes.post(
    `/${PATHS.demoReset}`,
    {
      onRequest: [demoOnly, app.authenticate],
      preValidation: absentBodyAsEmptyObject,
      preHandler: limited,
      schema: { body: EmptyRequest, response: { 200: DemoResetResponse } },
    },
    async () => {
      const reset = await app.services.demo.reset();
      // Where the first start prints it: whoever runs the demo reads it there.
      process.stdout.write(`Starter invite code: ${reset.starterCode}\n`);
      return { starter_invite_code: reset.starterCode, draw_id: reset.drawId };
    },
  );
}
