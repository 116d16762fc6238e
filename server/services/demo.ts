// The presentation environment (DEMO_MODE, DESIGN section 8): wiped to its start on request,
// from the drawer's 'Reset demo' (POST demo/reset) or the operator (`ops demo reset`).
import { sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { commitmentOf, newSeed } from '../draw/fairness';
import { insertOpenDraw, lockDrawsExclusive } from '../repositories/draws';
import { insertInvite } from '../repositories/invites';
import { announceEnded } from './sessions';
import type { ServiceContext } from './context';
import { generateInviteCode } from './invite-codes';
import { STARTER_CODE_USES } from './seed';

/**
 * What a reset erases: the players and everything of theirs (sessions, devices, codes, invites,
 * clicks, entries, answers, tickets, rewards, prizes, bonuses, messages) and the draws. The
 * catalogs (questions, offers) and the settings (the signing secret among them) stay.
 */
const WIPED_TABLES = [
  'contact_replies',
  'contact_messages',
  'first_skip_rewards',
  'questionnaire_skips',
  'answers',
  'referral_bonuses',
  'grand_prizes',
  'rewards',
  'wallet_tickets',
  'draw_entries',
  'draws',
  'invite_clicks',
  'page_views',
  'clicks',
  'phone_guards',
  'one_time_codes',
  'trusted_devices',
  'sessions',
  'invites',
  'users',
] as const;

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
        const players = (await tx.select({ id: users.id }).from(users)).map((row) => row.id);
        await tx.execute(
          sql.raw(`truncate table ${WIPED_TABLES.map((table) => `"${table}"`).join(', ')} cascade`),
        );
        // Sign-in limits by phone and address go too: the demo starts afresh for everyone.
        await tx.execute(
          sql`delete from rate_limits where key not like ${`${DEMO_RESET_LIMIT_PREFIX}%`}`,
        );
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
