// The books check's SQL (DESIGN section 3, `ops audit`): each check counts the rows it looked at
// and names every row that does not balance. Checks read only; they run together in one
// read-only snapshot, so the books are read as of one instant.
import { sql, type SQL } from 'drizzle-orm';
import { runUnprepared, type Database } from '../db/database';

export interface AuditRule {
  /** Tickets per answered question; questions per batch (one coupon each). */
  ticketsPerAnswer: number;
  perBatch: number;
  referralBonusRate: number;
}

export interface AuditCheck {
  name: string;
  /** What the check covers, for the operator. */
  covers: string;
  /** How many rows it looked at. */
  checked: SQL;
  /** The rows that do not balance: `ref` names the row, `problem` says what is wrong. */
  failures: SQL;
}

/** Entries of players still here (a deleted player's answers and tokens are erased). */
const liveEntries = sql`(select e.* from draw_entries e
  join users u on u.id = e.user_id where u.deleted_at is null)`;

export function auditChecks(rule: AuditRule): AuditCheck[] {
  const paidPerEntry = sql`(select draw_entry_id,
      count(*) filter (where not skipped)::int as answered, count(*)::int as paid
    from answers where paid_at is not null group by draw_entry_id)`;
  return [
    {
      name: 'welcome tickets',
      covers: 'every welcome ticket is the one a player got on signing up',
      checked: sql`select count(*)::int as n from wallet_tickets where source = 'welcome'`,
      failures: sql`select 'player ' || user_id as ref,
          count(*) || ' welcome tickets (one per player)' as problem
        from wallet_tickets where source = 'welcome'
        group by user_id having count(*) > 1`,
    },
    {
      name: 'token tickets',
      covers: 'every earned wallet ticket belongs to a token reward of its player',
      checked: sql`select count(*)::int as n from wallet_tickets where source = 'token_reward'`,
      failures: sql`select 'wallet ticket ' || t.id as ref,
          'no token reward of its player' as problem
        from wallet_tickets t
          left join rewards r on r.id = t.reward_id and r.user_id = t.user_id
            and r.type = 'token_reward'
        where t.source = 'token_reward' and r.id is null`,
    },
    {
      name: 'token rewards',
      covers: 'every token reward holds one ticket per ticket it is worth, for an entry',
      checked: sql`select count(*)::int as n from rewards where type = 'token_reward'`,
      failures: sql`select 'token reward ' || r.id as ref,
          case when r.draw_entry_id is null then 'earned by no entry'
            else 'worth ' || r.value || ' tickets, holds ' || coalesce(t.n, 0) end as problem
        from rewards r
          left join (select reward_id, count(*)::int as n from wallet_tickets
            where reward_id is not null group by reward_id) t on t.reward_id = r.id
        where r.type = 'token_reward'
          and (r.draw_entry_id is null or r.value <> coalesce(t.n, 0))`,
    },
    {
      name: 'answers paid',
      covers: 'every entry earned tickets for exactly its paid answers, and counts them',
      checked: sql`select count(*)::int as n from ${liveEntries} e`,
      failures: sql`select 'draw entry ' || e.id as ref,
          case when coalesce(p.paid, 0) <> e.paid_answers
            then e.paid_answers || ' answers counted paid, ' || coalesce(p.paid, 0) || ' paid'
            else coalesce(tk.value, 0) || ' tickets for ' || coalesce(p.answered, 0)
              || ' answers' end as problem
        from ${liveEntries} e
          left join ${paidPerEntry} p on p.draw_entry_id = e.id
          left join (select draw_entry_id, sum(value)::int as value from rewards
            where type = 'token_reward' group by draw_entry_id) tk on tk.draw_entry_id = e.id
        where coalesce(p.paid, 0) <> e.paid_answers
          or coalesce(tk.value, 0) <> coalesce(p.answered, 0) * ${rule.ticketsPerAnswer}::int`,
    },
    {
      name: 'batch coupons',
      covers: `every coupon or gift card of an entry is one of its batches of ${rule.perBatch} answers`,
      checked: sql`select count(*)::int as n from rewards
        where type = 'coupon_reward' and draw_entry_id is not null`,
      failures: sql`select 'draw entry ' || e.id as ref,
          c.n || ' coupons for ' || e.paid_answers || ' paid answers' as problem
        from draw_entries e
          join (select draw_entry_id, count(*)::int as n from rewards
            where type = 'coupon_reward' and draw_entry_id is not null
            group by draw_entry_id) c on c.draw_entry_id = e.id
        where c.n > e.paid_answers / ${rule.perBatch}::int
        union all
        select 'coupon ' || r.id, 'not of its entry''s player'
        from rewards r join draw_entries e on e.id = r.draw_entry_id
        where r.type = 'coupon_reward' and r.user_id <> e.user_id`,
    },
    {
      name: 'first-skip coupons',
      covers: 'every other coupon is the one wishlist coupon of a first-time skip',
      checked: sql`select count(*)::int as n from rewards
        where type = 'coupon_reward' and draw_entry_id is null`,
      failures: sql`select 'coupon ' || r.id as ref,
          'neither of a batch nor the first skip''s' as problem
        from rewards r
          left join first_skip_rewards f on f.reward_id = r.id and f.user_id = r.user_id
        where r.type = 'coupon_reward' and r.draw_entry_id is null and f.user_id is null
        union all
        select 'first-skip mark of player ' || f.user_id, 'no questionnaire skip of theirs'
        from first_skip_rewards f join users u on u.id = f.user_id
        where u.deleted_at is null and not exists (
          select 1 from questionnaire_skips s
          where s.user_id = f.user_id and s.draw_entry_id = f.draw_entry_id)`,
    },
    {
      name: 'referral bonuses',
      covers:
        'every referral bonus is its share of a grand prize won by a player its owner invited',
      checked: sql`select count(*)::int as n from referral_bonuses`,
      failures: sql`select 'referral bonus ' || b.id as ref,
          case when b.winner_id <> g.user_id then 'its winner did not win its prize'
            when b.inviter_id = b.winner_id then 'the winner''s own'
            when b.amount <> round(g.prize_amount * ${rule.referralBonusRate}::numeric)
              then b.amount || ' is not the share of ' || g.prize_amount
            else 'the winner was not invited by its owner' end as problem
        from referral_bonuses b
          join grand_prizes g on g.id = b.grand_prize_id
          join users w on w.id = b.winner_id
          join users inviter on inviter.id = b.inviter_id
          left join invites i on i.id = w.invited_by_invite_id
        where b.winner_id <> g.user_id or b.inviter_id = b.winner_id
          or b.amount <> round(g.prize_amount * ${rule.referralBonusRate}::numeric)
          -- A deleted player's invites are gone: the link is checked while both are here.
          or (w.deleted_at is null and inviter.deleted_at is null
            and i.owner_id is distinct from b.inviter_id)`,
    },
    {
      name: 'grand prizes',
      covers: 'every grand prize is the one of its draw, won by its winning entry',
      checked: sql`select count(*)::int as n from grand_prizes`,
      failures: sql`select 'grand prize ' || g.id as ref,
          case when d.winning_entry_id is distinct from g.draw_entry_id
              then 'not the prize of its draw''s winning entry'
            when e.user_id <> g.user_id then 'not of its entry''s player'
            else 'won by a withdrawn entry' end as problem
        from grand_prizes g
          join draws d on d.id = g.draw_id
          join draw_entries e on e.id = g.draw_entry_id
        where d.winning_entry_id is distinct from g.draw_entry_id or e.user_id <> g.user_id
          or e.withdrawn_at is not null
        union all
        select 'draw ' || d.id, 'a winning entry and no grand prize'
        from draws d
        where d.winning_entry_id is not null
          and not exists (select 1 from grand_prizes g where g.draw_id = d.id)
        union all
        select 'draw ' || d.id, 'won by a withdrawn entry'
        from draws d join draw_entries e on e.id = d.winning_entry_id
        where e.withdrawn_at is not null`,
    },
    {
      name: 'payouts',
      covers: 'every payout (paid or owed) follows a claim with a method and an address',
      checked: sql`select (select count(*) from grand_prizes where claimed_at is not null)::int
        + (select count(*) from referral_bonuses where claimed_at is not null)::int as n`,
      failures: sql`select kind || ' ' || id as ref,
          case when claimed_at is null then 'paid without a claim'
            when payment_method is null then 'claimed without a method'
            else 'owed with no address to pay' end as problem
        from (
          select 'grand prize' as kind, id, claimed_at, paid_at, payment_method, payment_details
          from grand_prizes
          union all
          select 'referral bonus', id, claimed_at, paid_at, payment_method, payment_details
          from referral_bonuses
        ) p
        where (paid_at is not null and claimed_at is null)
          or (claimed_at is not null and payment_method is null)
          or (claimed_at is not null and paid_at is null and payment_details is null)`,
    },
    {
      name: 'deleted players',
      covers: 'nothing of a deleted player remains but anonymised prize records',
      checked: sql`select count(*)::int as n from users where deleted_at is not null`,
      failures: sql`select 'deleted player ' || u.id as ref, left_behind as problem
        from users u cross join lateral (
          select 'phone or invite kept' as left_behind
            where u.phone is not null or u.invited_by_invite_id is not null
          union all select count(*) || ' sessions' from sessions where user_id = u.id
            having count(*) > 0
          union all select count(*) || ' trusted devices' from trusted_devices
            where user_id = u.id having count(*) > 0
          union all select count(*) || ' sign-in codes' from one_time_codes
            where user_id = u.id having count(*) > 0
          union all select 'sign-in failures' from phone_guards where user_id = u.id
          union all select count(*) || ' clicks' from clicks where user_id = u.id
            having count(*) > 0
          union all select count(*) || ' page views' from page_views where user_id = u.id
            having count(*) > 0
          union all select count(*) || ' invites' from invites where owner_id = u.id
            having count(*) > 0
          union all select count(*) || ' answers' from answers where user_id = u.id
            having count(*) > 0
          union all select count(*) || ' questionnaire skips' from questionnaire_skips
            where user_id = u.id having count(*) > 0
          union all select count(*) || ' contact messages' from contact_messages
            where user_id = u.id having count(*) > 0
          union all select count(*) || ' wallet tickets' from wallet_tickets
            where user_id = u.id having count(*) > 0
          union all select count(*) || ' rewards not handed over' from rewards
            where user_id = u.id and not (type = 'coupon_reward' and claimed)
            having count(*) > 0
          union all select count(*) || ' entries in the open draw' from draw_entries e
            join draws d on d.id = e.draw_id
            where e.user_id = u.id and d.status = 'open' and e.withdrawn_at is null
            having count(*) > 0
          union all select count(*) || ' payout addresses not owed' from (
              select paid_at, claimed_at, payment_details as details from grand_prizes
              where user_id = u.id
              union all
              select paid_at, claimed_at, cashier_check_name || cashier_check_address
              from grand_prizes where user_id = u.id
              union all
              select paid_at, claimed_at, payment_details from referral_bonuses
              where inviter_id = u.id
            ) p
            where p.details is not null and (p.paid_at is not null or p.claimed_at is null)
            having count(*) > 0
        ) as left_over
        where u.deleted_at is not null`,
    },
  ];
}

export interface AuditFinding {
  check: string;
  ref: string;
  problem: string;
}

/** Runs every check in one read-only snapshot. */
export async function runAudit(db: Database, rule: AuditRule) {
  return db.transaction(
    async (tx) => {
      const results: { check: AuditCheck; checked: number; failures: AuditFinding[] }[] = [];
      for (const check of auditChecks(rule)) {
        const run = runUnprepared(tx);
        const counted = await run<{ n: number }>(check.name, check.checked);
        const failed = await run<{ ref: string; problem: string }>(check.name, check.failures);
        results.push({
          check,
          checked: Number(counted.rows[0]?.n ?? 0),
          failures: failed.rows.map((row) => ({ check: check.name, ...row })),
        });
      }
      return results;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
