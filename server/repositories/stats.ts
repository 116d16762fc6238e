// The SQL of `ops stats` (services/stats.ts): counts per UTC day, per screen and per platform,
// over a window of days.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { DailyFigure } from '../services/stats';

export type Window = { from: Date; to: Date };

/** One count per UTC day of `column` in `table` over the window, where `filter` holds. */
const perDay =
  (table: string, column: string, count: string, filter = 'true') =>
  ({ from, to }: Window): SQL =>
    sql`select to_char(${sql.raw(column)} at time zone 'UTC', 'YYYY-MM-DD') as day,
        ${sql.raw(count)}::int as n
      from ${sql.raw(table)}
      where ${sql.raw(column)} >= ${from.toISOString()}::timestamptz
        and ${sql.raw(column)} < ${to.toISOString()}::timestamptz
        and ${sql.raw(filter)}
      group by 1`;

const QUERIES: Record<DailyFigure, (window: Window) => SQL> = {
  sign_ups: perDay('users', 'created_at', 'count(*)'),
  active_players: perDay(
    `(select user_id, created_at from draw_entries
      union all select user_id, created_at from answers
      union all select user_id, created_at from sessions
      union all select user_id, created_at from page_views where user_id is not null) a`,
    'created_at',
    'count(distinct user_id)',
  ),
  presses: perDay('draw_entries', 'created_at', 'count(*)', "source = 'button'"),
  answers: perDay('answers', 'created_at', 'count(*)', 'not skipped'),
  rewards_claimed: perDay('rewards', 'claimed_at', 'count(*)'),
  invites_sent: perDay('invites', 'created_at', 'count(*)', 'owner_id is not null'),
  invites_accepted: perDay('invites', 'claimed_at', 'count(*)', 'owner_id is not null'),
  grand_prizes_claimed: perDay('grand_prizes', 'claimed_at', 'count(*)'),
  grand_prizes_paid: perDay('grand_prizes', 'paid_at', 'count(*)'),
  page_views: perDay('page_views', 'created_at', 'count(*)'),
  clicks: perDay('clicks', 'created_at', 'count(*)'),
};

async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** One daily figure: its count on each UTC day of the window that has any. */
export function dailyCounts(db: Database, figure: DailyFigure, window: Window) {
  return rowsOf<{ day: string; n: number }>(db, QUERIES[figure](window));
}

/**
 * Page views and distinct signed-in players of each known screen; an address with a parameter
 * (`/draws/:id`) counts every address it matches.
 */
export function screenCounts(db: Database, { from, to }: Window, known: readonly string[]) {
  const patterns = known.filter((path) => path.includes(':'));
  const screenCase = sql.join(
    [
      sql`case`,
      ...patterns.map(
        (pattern) =>
          sql`when path ~ ${`^${pattern.replace(/:[A-Za-z]+/g, '[A-Za-z0-9_-]+')}$`} then ${pattern}`,
      ),
      sql`else path end`,
    ],
    sql` `,
  );
  return rowsOf<{ path: string; views: number; players: number }>(
    db,
    sql`
    select screen as path, count(*)::int as views, count(distinct user_id)::int as players
    from (
      select ${screenCase} as screen, user_id from page_views
      where created_at >= ${from.toISOString()}::timestamptz
        and created_at < ${to.toISOString()}::timestamptz
    ) v
    where screen in (${sql.join(
      known.map((path) => sql`${path}`),
      sql`, `,
    )})
    group by screen`,
  );
}

/** Page views and clicks of the window by platform (clicks sent before platforms: unknown). */
export function platformCounts(db: Database, { from, to }: Window) {
  return rowsOf<{ kind: string; platform: string; n: number }>(
    db,
    sql`
    select 'page_views' as kind, platform, count(*)::int as n from page_views
    where created_at >= ${from.toISOString()}::timestamptz
      and created_at < ${to.toISOString()}::timestamptz
    group by platform
    union all
    select 'clicks', coalesce(platform, 'unknown'), count(*)::int from clicks
    where created_at >= ${from.toISOString()}::timestamptz
      and created_at < ${to.toISOString()}::timestamptz
    group by 2`,
  );
}
