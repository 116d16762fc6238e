// The SQL of a demo reset (services/demo.ts).
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';

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

/**
 * Erases every player and everything of theirs, and the draws (in the caller's transaction),
 * and the rate-limit counters but those under `keptLimitPrefix`. Answers the players erased.
 */
export async function wipeDemo(db: Database, keptLimitPrefix: string): Promise<string[]> {
  const players = (await db.select({ id: users.id }).from(users)).map((row) => row.id);
  await db.execute(
    sql.raw(`truncate table ${WIPED_TABLES.map((table) => `"${table}"`).join(', ')} cascade`),
  );
  // Sign-in limits by phone and address go too: the demo starts afresh for everyone.
  await db.execute(sql`delete from rate_limits where key not like ${`${keptLimitPrefix}%`}`);
  return players;
}
