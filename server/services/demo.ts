// The presentation environment (DEMO_MODE, DESIGN section 8): wiped to its start on request,
// from the drawer's 'Reset demo' (POST demo/reset) or the operator (`ops demo reset`).
import { commitmentOf, newSeed } from '../draw/fairness';
import { wipeDemo } from '../repositories/demo';
import { insertOpenDraw, lockDrawsExclusive } from '../repositories/draws';
import { insertInvite } from '../repositories/invites';
import { announceEnded } from './sessions';
import type { ServiceContext } from './context';
import { generateInviteCode } from './invite-codes';
import { STARTER_CODE_USES } from './seed';

/** The reset's own rate-limit counters survive it (they limit the resets themselves). */
export const DEMO_RESET_LIMIT_PREFIX = 'demo-reset:';

export interface DemoReset {
  /** The new starter campaign code, usable as many times as the first start's. */
  starterCode: string;
  /** The draw opened afresh. */
  drawId: number;
}

export function createDemoService({ db, config, now, broadcast, log }: ServiceContext) {
  return {
    /** Whether this environment may be wiped (DEMO_MODE=on). */
    enabled: () => config.DEMO_MODE,

    /**
     * Wipes the environment to its start in one transaction: every player goes (every session
     * ends, every live socket is dropped), the draws go and a new one opens, and a new starter
     * code is made. It holds the draws' lock exclusively, as a closing does, so no entry or
     * closing runs beside it; then every instance forgets the old draw and plans its next check.
     */
    async reset(): Promise<DemoReset> {
      const { reset, players } = await db.transaction(async (tx) => {
        await lockDrawsExclusive(tx);
        const players = await wipeDemo(tx, DEMO_RESET_LIMIT_PREFIX);
        const at = now();
        const seed = newSeed();
        const draw = await insertOpenDraw(tx, {
          opensAt: at,
          closesAt: new Date(at.getTime() + config.CYCLE_SECONDS * 1000),
          seed: seed.toString('hex'),
          commitment: commitmentOf(seed),
        });
        if (!draw) throw new Error('the new draw could not be opened');
        const invite = await insertInvite(tx, {
          code: generateInviteCode(),
          ownerId: null,
          maxUses: STARTER_CODE_USES,
        });
        return { reset: { starterCode: invite.code, drawId: draw.id }, players };
      });
      await announceEnded({ userIds: players }, broadcast, log);
      try {
        // Every instance reads the new draw, and every app refetches its timer.
        await broadcast?.timer({ refetch: true });
      } catch (error) {
        log?.error({ err: error }, 'demo reset; broadcast failed');
      }
      log?.info({ drawId: reset.drawId }, 'demo reset');
      return reset;
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
