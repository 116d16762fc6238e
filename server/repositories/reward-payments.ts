// Paying for answers (DESIGN section 3): the once-per-entry payout of racing claims in one
// statement, and the offer rule every coupon is chosen by, written once.
import { sql, type SQL } from 'drizzle-orm';
import type { Database, RunPrepared } from '../db/database';
import { answers, drawEntries, offers, questions, rewards, sessions, users } from '../db/schema';
import type { RewardRow } from './prizes';
import type { OfferRow } from './rewards';
import { liveSessionsAmong } from './sessions';

/** A claim of an entry's rewards: the session asking (its token's) and the entry. */
export type EntryClaim = { sessionId: string; drawEntryId: number };

/** A reward as a payment answers it: what the player's list shows. */
export type PaidReward = Pick<
  RewardRow,
  | 'id'
  | 'type'
  | 'value'
  | 'valueCents'
  | 'couponType'
  | 'imageLink'
  | 'link'
  | 'kind'
  | 'claimed'
  | 'playedBack'
>;

export type EntryPayment = {
  /** The player of the session. */
  userId: string;
  /** Whether the entry is the player's (another player's entry is no more there than none). */
  entryFound: boolean;
  /**
   * Some answers this statement saw unpaid were paid by a racing payment that committed while
   * it waited for them (or by a claim of the same entry from another of the player's sessions
   * in the same statement): `rewards` lacks that payment's rewards, which a fresh read finds.
   */
  raced: boolean;
  /** Every reward of the entry, what was paid before and what this payment paid. */
  rewards: PaidReward[];
};

type PaidRewardJson = {
  id: string;
  type: RewardRow['type'];
  value: number;
  value_cents: number | null;
  coupon_type: string | null;
  image_link: string | null;
  link: string | null;
  kind: RewardRow['kind'];
  claimed: boolean;
  played_back: boolean;
};

/**
 * The offer rule of the Official Rules, written once for every coupon (a whole batch's, the
 * first skip's wishlist coupon): one offer at random among those whose tags meet the tags of
 * the questions `userId` said yes to (what they want), any offer when none does; no row for an
 * empty catalog. `draw` may name a column of an outer row, so that each of several coupons
 * chosen in one statement (a lateral join) is drawn on its own.
 */
function chosenOffer(userId: SQL, draw: SQL = sql`true`): SQL {
  const wishlist = sql`(select coalesce(array_agg(distinct tag), '{}')
    from ${answers} a join ${questions} q on q.id = a.question_id, unnest(q.tags) as tag
    where a.user_id = ${userId} and a.answer)`;
  return sql`select candidate.* from ${offers} candidate where ${draw}
    order by (candidate.tags && ${wishlist}) desc, random() limit 1`;
}

/**
 * Pays, in one statement, the claims arriving together: for each claim whose session is live
 * at `rule.at` (as for every signed-in call: see liveSessionsAmong), the entry's answers of
 * the session's player not paid for yet are marked paid, a token reward with a wallet ticket per
 * answer (yes or no) is inserted, and a coupon or gift card for each whole batch of `perBatch`
 * of the entry's paid answers (skips included) this payment completes, counted across every
 * payment of the entry (draw_entries.paid_answers), the offer chosen by the rule
 * (chosenOffer); each claim is answered (in `claims` order) with all the entry's rewards, or
 * null when its session is not live. Only the player's own answers are taken, so another
 * player's entry pays nothing.
 *
 * Each answer is marked once: a statement that meets an answer a racing one has marked waits
 * for that one to commit and leaves the answer out (nothing is paid twice; see `raced`). Two
 * statements could wait for each other over two entries each claimed twice at once, in reverse
 * order: PostgreSQL then fails one, and the caller tries its claims again one by one. One
 * statement: a failure writes nothing.
 */
export async function payEntriesInSessions(
  runPrepared: RunPrepared,
  claims: readonly EntryClaim[],
  rule: { at: Date; ticketsPerAnswer: number; perBatch: number; tokenImage: string },
): Promise<(EntryPayment | null)[]> {
  type Row = {
    user_id: string | null;
    entry_found: boolean;
    raced: boolean;
    rewards: PaidRewardJson[];
  };
  // What the answer shows of a reward, from the table or from a reward made by this statement.
  const shown = sql`id, type, value, value_cents, coupon_type, image_link, link, kind, claimed,
    played_back, created_at`;
  const result = await runPrepared<Row>(
    'pay_entries_in_sessions',
    sql`
    with input as (
      -- Through array(...), so the planner sees no length: every run plans as if for the same
      -- few claims, and PostgreSQL settles on one plan for the statement (a plan cost by the
      -- batch's size was planned afresh on every run, and large ones compiled by the JIT).
      select * from unnest(
        array(select unnest(${sql.param(claims.map((c) => c.sessionId))}::uuid[])),
        array(select unnest(${sql.param(claims.map((c) => c.drawEntryId))}::bigint[]))
      ) with ordinality as t(session_id, draw_entry_id, n)
    ),
    live as (
      select ${sessions.id} as session_id, ${sessions.userId} as user_id
      from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
      where ${liveSessionsAmong([...new Set(claims.map((c) => c.sessionId))], rule.at)}
      -- The player's row first, before any row of theirs: a deletion holding it is waited
      -- for (and then the player is found deleted), and never waits for this statement's
      -- locks while this one waits for it.
      for key share of ${users}
    ),
    claim as (
      select i.n, live.user_id, i.draw_entry_id
      from input i join live on live.session_id = i.session_id
    ),
    seen as (
      select a.id, claim.n from claim
        join ${answers} a on a.draw_entry_id = claim.draw_entry_id and a.user_id = claim.user_id
      where a.paid_at is null
    ),
    taken as (
      -- A row a racing payment has taken waits for it, then is left out (paid by then).
      update ${answers} a set paid_at = ${rule.at.toISOString()}::timestamptz
      from seen where a.id = seen.id and a.paid_at is null
      returning seen.n, a.skipped
    ),
    paid as (
      select claim.n, claim.user_id, claim.draw_entry_id,
        coalesce(t.answered, 0) as answered, coalesce(t.taken, 0) as taken,
        coalesce(s.seen, 0) as seen
      from claim
        left join (
          select n, count(*) filter (where not skipped)::int as answered, count(*)::int as taken
          from taken group by n
        ) as t on t.n = claim.n
        left join (select n, count(*)::int as seen from seen group by n) as s on s.n = claim.n
    ),
    -- Each entry's count of paid answers goes up by what this statement took of it, in an
    -- update of the entry's row: a racing payment of the same entry waits for this one and
    -- then adds to its count, so every whole batch of the entry's answers earns one coupon,
    -- however many payments paid them. The coupons go with the entry's first claim here.
    entry_paid as (
      update ${drawEntries} e set paid_answers = e.paid_answers + p.taken
      from (
        select draw_entry_id, min(n) as n, sum(taken)::int as taken
        from paid where taken > 0 group by draw_entry_id
      ) as p
      where e.id = p.draw_entry_id
      returning p.n,
        e.paid_answers / ${rule.perBatch}::int
          - (e.paid_answers - p.taken) / ${rule.perBatch}::int as coupons
    ),
    -- The rewards this statement makes, with their ids, so the answer needs no join back.
    new_tokens as (
      select n, gen_random_uuid() as id, user_id, draw_entry_id,
        answered * ${rule.ticketsPerAnswer}::int as value
      from paid where answered > 0
    ),
    new_coupons as (
      select paid.n, gen_random_uuid() as id, paid.user_id, paid.draw_entry_id,
        offer.id as offer_id, offer.value_cents, offer.coupon_type, offer.image, offer.link,
        offer.kind, coalesce(offer.code, offer.delivery_note) as message
      from paid
        join entry_paid on entry_paid.n = paid.n
        -- A row per coupon (unnest, not generate_series: the planner takes a thousand rows for
        -- a generate_series of unknown length, and ten for an unnest).
        cross join lateral unnest(array_fill(1, array[entry_paid.coupons]))
          with ordinality as batch(one, k)
        -- batch.k keeps each coupon's draw its own.
        cross join lateral (${chosenOffer(sql`paid.user_id`, sql`batch.k > 0`)}) as offer
      where entry_paid.coupons > 0
    ),
    tokens as (
      insert into ${rewards} (id, user_id, type, value, image_link, draw_entry_id)
      select id, user_id, 'token_reward', value, ${rule.tokenImage}, draw_entry_id from new_tokens
    ),
    tickets as (
      insert into wallet_tickets (user_id, source, reward_id)
      select new_tokens.user_id, 'token_reward', new_tokens.id
      from new_tokens cross join lateral unnest(array_fill(1, array[new_tokens.value]))
    ),
    coupons as (
      insert into ${rewards} (id, user_id, type, value, value_cents, coupon_type, image_link,
        link, offer_id, kind, message, draw_entry_id)
      select id, user_id, 'coupon_reward', value_cents / 100, value_cents, coupon_type, image,
        link, offer_id, kind, message, draw_entry_id
      from new_coupons
    ),
    made as (
      select n, json_agg(r) as rewards from (
        select n, id, 'token_reward' as type, value, null::int as value_cents,
          null as coupon_type, ${rule.tokenImage} as image_link, null as link, null as kind,
          false as claimed, false as played_back, now() as created_at
        from new_tokens
        union all
        select n, id, 'coupon_reward', value_cents / 100, value_cents, coupon_type, image, link,
          kind, false, false, now()
        from new_coupons
      ) as r
      group by n
    )
    select paid.user_id::text as user_id,
      -- A scalar subquery, one probe of the primary key: an exists() here may be planned as a
      -- hash of the whole table, built on every run.
      coalesce((
        select true from ${drawEntries} e
        where e.id = paid.draw_entry_id and e.user_id = paid.user_id
      ), false) as entry_found,
      coalesce(paid.seen > paid.taken, false) as raced,
      (select coalesce(json_agg(r order by r.created_at, r.id), '[]') from (
        select ${shown} from ${rewards} r
        where r.user_id = paid.user_id and r.draw_entry_id = paid.draw_entry_id
        union all
        select ${shown} from json_populate_recordset(null::${rewards}, made.rewards)
      ) r) as rewards
    from input
      left join paid on paid.n = input.n
      left join made on made.n = input.n
    order by input.n`,
  );
  return result.rows.map((row) =>
    row.user_id === null
      ? null
      : {
          userId: row.user_id,
          entryFound: row.entry_found,
          raced: row.raced,
          rewards: row.rewards.map((r) => ({
            id: r.id,
            type: r.type,
            value: r.value,
            valueCents: r.value_cents,
            couponType: r.coupon_type,
            imageLink: r.image_link,
            link: r.link,
            kind: r.kind,
            claimed: r.claimed,
            playedBack: r.played_back,
          })),
        },
  );
}

/** The offer chosen for the player by the rule (chosenOffer); null for an empty catalog. */
export async function pickOfferFor(db: Database, userId: string): Promise<OfferRow | null> {
  // An uncorrelated scalar subquery: run once for the statement, not once per offer.
  const chosen = chosenOffer(sql`${userId}::uuid`);
  const [row] = await db
    .select()
    .from(offers)
    .where(sql`${offers.id} = (select chosen.id from (${chosen}) as chosen)`);
  return row ?? null;
}
