import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, RunPrepared } from '../db/database';
import { answers, drawEntries, draws, questions, sessions, users } from '../db/schema';
import { liveSessionsAmong } from './sessions';

export type DrawRow = typeof draws.$inferSelect;
/** An entry as the app and the press see it (the payment's and withdrawal's columns left out). */
export type DrawEntryRow = Pick<
  typeof drawEntries.$inferSelect,
  'id' | 'drawId' | 'userId' | 'source' | 'createdAt'
>;

// One advisory lock orders entering against closing: entries hold it shared, a closing holds
// it exclusively, so no entry can land in a draw once its closing has begun. Advisory locks
// live in the lock manager and write nothing to the draw's row, so presses stay cheap.
const DRAW_LOCK_KEY = 0x4242_4452;

export async function lockDrawsShared(db: Database) {
  await db.execute(sql`select pg_advisory_xact_lock_shared(${DRAW_LOCK_KEY})`);
}

export async function lockDrawsExclusive(db: Database) {
  await db.execute(sql`select pg_advisory_xact_lock(${DRAW_LOCK_KEY})`);
}

export async function findOpenDraw(db: Database) {
  const [row] = await db.select().from(draws).where(eq(draws.status, 'open'));
  return row ?? null;
}

export async function findDraw(db: Database, id: number) {
  const [row] = await db.select().from(draws).where(eq(draws.id, id));
  return row ?? null;
}

export async function listDraws(db: Database, options: { before?: number; limit: number }) {
  return db
    .select()
    .from(draws)
    .where(options.before === undefined ? undefined : lt(draws.id, options.before))
    .orderBy(desc(draws.id))
    .limit(options.limit);
}

/** Opens a draw unless one is open already (then null: the unique index keeps one open). */
export async function insertOpenDraw(
  db: Database,
  values: { opensAt: Date; closesAt: Date; seed: string; commitment: string },
) {
  const [row] = await db
    .insert(draws)
    .values({ ...values, status: 'open' })
    .onConflictDoNothing({ target: draws.status, where: sql`${draws.status} = 'open'` })
    .returning();
  return row ?? null;
}

/** Closes the draw if it is still open; null when someone else closed it first. */
export async function markDrawClosed(
  db: Database,
  id: number,
  values: { closedAt: Date; closesAt: Date },
) {
  const [row] = await db
    .update(draws)
    .set({ status: 'closed', closedAt: values.closedAt, closesAt: values.closesAt })
    .where(and(eq(draws.id, id), eq(draws.status, 'open')))
    .returning();
  return row ?? null;
}

export async function recordDrawOutcome(
  db: Database,
  id: number,
  outcome: { entriesCount: number; entriesDigest: string; winningEntryId: number | null },
) {
  await db.update(draws).set(outcome).where(eq(draws.id, id));
}

/**
 * Up to `limit` entry ids of a draw above `afterId`, ascending, packed as the digest reads them:
 * each id an 8-byte big-endian integer (int8send). One buffer per batch instead of an object
 * per row keeps a draw of millions cheap to read.
 */
export async function entryIdBatchOf(
  db: Database,
  drawId: number,
  afterId: number,
  limit: number,
): Promise<Uint8Array> {
  const batch = db
    .select({ id: drawEntries.id })
    .from(drawEntries)
    .where(
      and(
        eq(drawEntries.drawId, drawId),
        gt(drawEntries.id, afterId),
        isNull(drawEntries.withdrawnAt),
      ),
    )
    .orderBy(asc(drawEntries.id))
    .limit(limit)
    .as('batch');
  const [row] = await db
    .select({
      ids: sql<Uint8Array | null>`string_agg(int8send(${batch.id}), ''::bytea order by ${batch.id})`,
    })
    .from(batch);
  return row?.ids ?? new Uint8Array(0);
}

/** The draw's entries that take part: those of deleted players are withdrawn. */
export async function countEntries(db: Database, drawId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(drawEntries)
    .where(and(eq(drawEntries.drawId, drawId), isNull(drawEntries.withdrawnAt)));
  return row?.total ?? 0;
}

/**
 * Withdraws the player's entries from the open draw (an account deleted): they are left out of
 * its count, digest and winner, so a deleted player never wins. Call with the draws' lock held.
 */
export async function withdrawOpenEntriesOf(db: Database, userId: string, at: Date) {
  await db
    .update(drawEntries)
    .set({ withdrawnAt: at })
    .where(
      and(
        eq(drawEntries.userId, userId),
        isNull(drawEntries.withdrawnAt),
        sql`${drawEntries.drawId} in (select ${draws.id} from ${draws} where ${draws.status} = 'open')`,
      ),
    );
}

export async function findEntry(db: Database, id: number) {
  const [row] = await db.select().from(drawEntries).where(eq(drawEntries.id, id));
  return row ?? null;
}

/** What one entrant found: its player, and their entry in the open draw if they have one. */
export interface EntrantEntry {
  userId: string;
  /** Null when no draw is open and due, or when a press racing this one has not committed. */
  entry: DrawEntryRow | null;
  /** True when this statement made the entry; false when the player had pressed before. */
  created: boolean;
  closesAt: Date | null;
}

/** Who enters: the players of live sessions (a request's token), or players by id (the operator). */
export type Entrants = { sessionIds: readonly string[] } | { userIds: readonly string[] };

/**
 * Entering the draw, in one statement for every entrant of `who` at once (the button's presses
 * and Tell Us More's starts that arrive together go together; the operator's by player id):
 * each live entrant's player gets their one button entry in the draw open at `at`, inserted
 * now or found from before, with that draw's closing time. Keyed by session id, or by player
 * id; an entrant missing from the answer is not live (a session ended, a player deleted).
 *
 * Locking, in this order. First each player's row FOR KEY SHARE, as every write for a player
 * takes it (the guard of migration 0007, the live-player lock of repositories/prizes.ts): a
 * deletion holding the row (users.deleteAccount) is waited for, and then the player is found
 * deleted and simply left out, so the statement still enters the other players in it. Then
 * the open draw's row FOR SHARE: a closing (whose UPDATE needs that row) waits for these
 * inserts to commit, and an insert that comes after the closing's UPDATE finds the draw closed
 * and inserts nothing. A live entrant without an entry found no draw open and due, or raced an
 * uncommitted entry of the same player (the statement's snapshot cannot see it): the caller
 * asks again (see services/draw-entries.ts).
 */
export async function enterOpenDraw(
  runPrepared: RunPrepared,
  who: Entrants,
  at: Date,
): Promise<Map<string, EntrantEntry>> {
  type Row = {
    /** The session id, or the player id, the entrant was named by. */
    entrant: string;
    user_id: string;
    // The entry's columns are null when the player has no entry in an open draw.
    id: string | null;
    draw_id: number | null;
    source: DrawEntryRow['source'];
    created: boolean;
    created_ms: number | null;
    closes_ms: number | null;
  };
  const live =
    'sessionIds' in who
      ? sql`select ${sessions.id} as entrant, ${sessions.userId} as user_id
        from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
        where ${liveSessionsAmong(who.sessionIds, at)}
        for key share of ${users}`
      : sql`select ${users.id} as entrant, ${users.id} as user_id from ${users}
        where ${users.id} = any(${`{${who.userIds.join(',')}}`}::uuid[])
          and ${users.deletedAt} is null
        for key share`;
  const atText = at.toISOString();
  const result = await runPrepared<Row>(
    'sessionIds' in who ? 'enter_draw_by_sessions' : 'enter_draw_by_players',
    sql`
    with live as (${live}), open_draw as (
      select ${draws.id} as id, ${draws.closesAt} as closes_at from ${draws}
      where ${draws.status} = 'open' and ${draws.closesAt} > ${atText}::timestamptz
      for share
    ), inserted as (
      insert into ${drawEntries} (draw_id, user_id, source)
      select open_draw.id, players.user_id, 'button'
      from open_draw cross join (select distinct user_id from live) as players
      on conflict (draw_id, user_id) where source = 'button' do nothing
      returning id, draw_id, user_id, source, created_at
    ), existing as (
      -- One index probe per player (draw, player): a semi-join here let the planner read
      -- every entry of the open draw on each press, so presses slowed as the draw filled.
      select found.* from open_draw
        cross join (select distinct user_id from live) as players
        cross join lateral (
          select ${drawEntries.id} as id, ${drawEntries.drawId} as draw_id,
            ${drawEntries.userId} as user_id, ${drawEntries.source} as source,
            ${drawEntries.createdAt} as created_at
          from ${drawEntries}
          where ${drawEntries.drawId} = open_draw.id
            and ${drawEntries.userId} = players.user_id
            and ${drawEntries.source} = 'button'
          limit 1
        ) as found
    ), entry as (
      select true as created, * from inserted
      union all
      select false as created, * from existing
    )
    select live.entrant::text as entrant, live.user_id::text as user_id,
      entry.id::text as id, entry.draw_id, entry.source, coalesce(entry.created, false) as created,
      (extract(epoch from entry.created_at) * 1000)::float8 as created_ms,
      (extract(epoch from open_draw.closes_at) * 1000)::float8 as closes_ms
    from live
      left join entry on entry.user_id = live.user_id
      left join open_draw on open_draw.id = entry.draw_id
  `,
  );
  const presses = new Map<string, EntrantEntry>();
  // A player pressing from two sessions at once: the first is credited with making the entry,
  // the other gets the same entry as a repeat, as racing presses do.
  const credited = new Set<string>();
  for (const row of result.rows) {
    if (row.id === null) {
      presses.set(row.entrant, {
        userId: row.user_id,
        entry: null,
        created: false,
        closesAt: null,
      });
      continue;
    }
    const created = row.created && !credited.has(row.user_id);
    if (created) credited.add(row.user_id);
    presses.set(row.entrant, {
      userId: row.user_id,
      entry: {
        id: Number(row.id),
        drawId: Number(row.draw_id),
        userId: row.user_id,
        source: row.source,
        createdAt: new Date(Number(row.created_ms)),
      },
      created,
      closesAt: new Date(Number(row.closes_ms)),
    });
  }
  return presses;
}

/**
 * What one session's timer found: its player, whether that player pressed in the draw, and
 * whether a question is left for them (Tell Us More).
 */
export interface SessionTimer {
  userId: string;
  pressed: boolean;
  hasQuestionsLeft: boolean;
}

/**
 * The timers of one turn in one statement: which of `sessionIds` are live, and whether each
 * one's player pressed the button in draw `drawId` (null: no open draw, nobody pressed). After
 * a closing every app asks at once, so this is the check and the lookup together.
 */
export async function timerForSessions(
  runPrepared: RunPrepared,
  sessionIds: readonly string[],
  drawId: number | null,
  at: Date,
): Promise<Map<string, SessionTimer>> {
  type Row = {
    session_id: string;
    user_id: string;
    pressed: boolean;
    has_questions_left: boolean;
  };
  const result = await runPrepared<Row>(
    'timer_for_sessions',
    sql`
    select ${sessions.id}::text as session_id, ${sessions.userId}::text as user_id,
      exists (
        select 1 from ${drawEntries}
        where ${drawEntries.drawId} = ${drawId ?? 0}::int
          and ${drawEntries.userId} = ${sessions.userId}
          and ${drawEntries.source} = 'button'
      ) as pressed,
      exists (
        select 1 from ${questions}
        where not exists (
          select 1 from ${answers}
          where ${answers.userId} = ${sessions.userId} and ${answers.questionId} = ${questions.id}
        )
      ) as has_questions_left
    from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${liveSessionsAmong(sessionIds, at)}
  `,
  );
  return new Map(
    result.rows.map((row) => [
      row.session_id,
      { userId: row.user_id, pressed: row.pressed, hasQuestionsLeft: row.has_questions_left },
    ]),
  );
}

export async function insertWalletEntries(
  db: Database,
  drawId: number,
  userId: string,
  howMany: number,
) {
  return db
    .insert(drawEntries)
    .values(Array.from({ length: howMany }, () => ({ drawId, userId, source: 'wallet' as const })))
    .returning();
}

export async function entryIdsOfPlayer(db: Database, drawId: number, userId: string) {
  const rows = await db
    .select({ id: drawEntries.id })
    .from(drawEntries)
    .where(and(eq(drawEntries.drawId, drawId), eq(drawEntries.userId, userId)))
    .orderBy(asc(drawEntries.id));
  return rows.map((row) => row.id);
}
