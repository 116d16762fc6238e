// Entering the draw and asking whether one is in it: the statements of the product's busiest
// calls (the press, Tell Us More's start, the timer), each shared by the calls of one turn.
import { sql } from 'drizzle-orm';
import type { RunPrepared } from '../db/database';
import { answers, drawEntries, draws, questions, sessions, users } from '../db/schema';
import type { DrawEntryRow } from './draws';
import { liveSessionsAmong } from './sessions';

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
