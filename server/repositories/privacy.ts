// The privacy requests' SQL (DESIGN section 4): everything held about one player, read for an
// export, and what an account's deletion erases beyond sign-in, events, invites and answers.
import { and, asc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { phoneLimitKey } from './rate-limits';
import {
  answers,
  clicks,
  contactMessages,
  contactReplies,
  drawEntries,
  firstSkipRewards,
  grandPrizes,
  inviteClicks,
  invites,
  oneTimeCodes,
  pageViews,
  phoneGuards,
  questionnaireSkips,
  questions,
  rateLimits,
  referralBonuses,
  rewards,
  sessions,
  trustedDevices,
  users,
  walletTickets,
} from '../db/schema';

const claimant = alias(users, 'claimant');
const inviter = alias(users, 'inviter');

/** Every row held about the player `userId`, the other players in them reduced to a phone. */
export async function personalRecordsOf(db: Database, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      phone: users.phone,
      mainPrice: users.mainPrice,
      createdAt: users.createdAt,
      invitedByCode: invites.code,
    })
    .from(users)
    .leftJoin(invites, eq(invites.id, users.invitedByInviteId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return null;

  const phoneLimit = user.phone
    ? await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, phoneLimitKey(user.phone)))
    : [];

  return {
    user,
    sessions: await db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt), asc(sessions.id)),
    trustedDevices: await db
      .select({
        createdAt: trustedDevices.createdAt,
        consecutiveFailures: trustedDevices.consecutiveFailures,
        rejectedAt: trustedDevices.rejectedAt,
      })
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, userId))
      .orderBy(asc(trustedDevices.createdAt), asc(trustedDevices.id)),
    // Codes are kept only as salted hashes: when they were sent and what became of them.
    signInCodes: await db
      .select({
        createdAt: oneTimeCodes.createdAt,
        expiresAt: oneTimeCodes.expiresAt,
        attempts: oneTimeCodes.attempts,
        usedAt: oneTimeCodes.usedAt,
        voidedAt: oneTimeCodes.voidedAt,
      })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, userId))
      .orderBy(asc(oneTimeCodes.createdAt), asc(oneTimeCodes.id)),
    signInGuard:
      (
        await db
          .select({
            consecutiveFailures: phoneGuards.consecutiveFailures,
            blockedUntil: phoneGuards.blockedUntil,
            locked: phoneGuards.locked,
            updatedAt: phoneGuards.updatedAt,
          })
          .from(phoneGuards)
          .where(eq(phoneGuards.userId, userId))
      )[0] ?? null,
    codeRequests: phoneLimit[0] ?? null,
    invites: await db
      .select({
        code: invites.code,
        uses: invites.uses,
        maxUses: invites.maxUses,
        createdAt: invites.createdAt,
        claimedAt: invites.claimedAt,
        claimantPhone: claimant.phone,
        linkOpens: sql<number>`(select count(*) from ${inviteClicks}
          where ${inviteClicks.inviteId} = ${invites.id})::int`,
      })
      .from(invites)
      .leftJoin(claimant, eq(claimant.id, invites.claimedById))
      .where(eq(invites.ownerId, userId))
      .orderBy(asc(invites.createdAt), asc(invites.id)),
    clicks: await db
      .select({
        eventName: clicks.eventName,
        pageUrl: clicks.pageUrl,
        metadata: clicks.metadata,
        platform: clicks.platform,
        createdAt: clicks.createdAt,
      })
      .from(clicks)
      .where(eq(clicks.userId, userId))
      .orderBy(asc(clicks.createdAt), asc(clicks.id)),
    pageViews: await db
      .select({
        path: pageViews.path,
        platform: pageViews.platform,
        createdAt: pageViews.createdAt,
      })
      .from(pageViews)
      .where(eq(pageViews.userId, userId))
      .orderBy(asc(pageViews.createdAt), asc(pageViews.id)),
    drawEntries: await db
      .select({
        id: drawEntries.id,
        drawId: drawEntries.drawId,
        source: drawEntries.source,
        createdAt: drawEntries.createdAt,
      })
      .from(drawEntries)
      .where(eq(drawEntries.userId, userId))
      .orderBy(asc(drawEntries.id)),
    walletTickets: await db
      .select({
        id: walletTickets.id,
        source: walletTickets.source,
        rewardId: walletTickets.rewardId,
        spentAt: walletTickets.spentAt,
        drawEntryId: walletTickets.drawEntryId,
        createdAt: walletTickets.createdAt,
      })
      .from(walletTickets)
      .where(eq(walletTickets.userId, userId))
      .orderBy(asc(walletTickets.id)),
    rewards: await db
      .select({
        id: rewards.id,
        type: rewards.type,
        value: rewards.value,
        valueCents: rewards.valueCents,
        kind: rewards.kind,
        couponType: rewards.couponType,
        link: rewards.link,
        message: rewards.message,
        drawEntryId: rewards.drawEntryId,
        playedBack: rewards.playedBack,
        claimed: rewards.claimed,
        claimedAt: rewards.claimedAt,
        createdAt: rewards.createdAt,
      })
      .from(rewards)
      .where(eq(rewards.userId, userId))
      .orderBy(asc(rewards.createdAt), asc(rewards.id)),
    answers: await db
      .select({
        questionKey: questions.key,
        prompt: questions.prompt,
        answer: answers.answer,
        skipped: answers.skipped,
        drawEntryId: answers.drawEntryId,
        createdAt: answers.createdAt,
      })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(eq(answers.userId, userId))
      .orderBy(asc(answers.id)),
    questionnaireSkips: await db
      .select({
        drawEntryId: questionnaireSkips.drawEntryId,
        createdAt: questionnaireSkips.createdAt,
      })
      .from(questionnaireSkips)
      .where(eq(questionnaireSkips.userId, userId))
      .orderBy(asc(questionnaireSkips.drawEntryId)),
    grandPrizes: await db
      .select()
      .from(grandPrizes)
      .where(eq(grandPrizes.userId, userId))
      .orderBy(asc(grandPrizes.drawId)),
    // The bonuses this player earned as an inviter: the winner is another player, left out.
    referralBonuses: await db
      .select({
        amount: referralBonuses.amount,
        drawId: grandPrizes.drawId,
        paymentMethod: referralBonuses.paymentMethod,
        paymentDetails: referralBonuses.paymentDetails,
        claimedAt: referralBonuses.claimedAt,
        paidAt: referralBonuses.paidAt,
        createdAt: referralBonuses.createdAt,
      })
      .from(referralBonuses)
      .innerJoin(grandPrizes, eq(grandPrizes.id, referralBonuses.grandPrizeId))
      .where(eq(referralBonuses.inviterId, userId))
      .orderBy(asc(grandPrizes.drawId)),
    // The bonuses this player's wins earned their inviter: the inviter reduced to a phone.
    bonusesForInviter: await db
      .select({
        amount: referralBonuses.amount,
        drawId: grandPrizes.drawId,
        inviterPhone: inviter.phone,
        paidAt: referralBonuses.paidAt,
        createdAt: referralBonuses.createdAt,
      })
      .from(referralBonuses)
      .innerJoin(grandPrizes, eq(grandPrizes.id, referralBonuses.grandPrizeId))
      .innerJoin(inviter, eq(inviter.id, referralBonuses.inviterId))
      .where(eq(referralBonuses.winnerId, userId))
      .orderBy(asc(grandPrizes.drawId)),
    firstSkipReward:
      (
        await db
          .select({
            rewardId: firstSkipRewards.rewardId,
            drawEntryId: firstSkipRewards.drawEntryId,
            createdAt: firstSkipRewards.createdAt,
          })
          .from(firstSkipRewards)
          .where(eq(firstSkipRewards.userId, userId))
      )[0] ?? null,
    contactMessages: await db
      .select({
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
        deliveredAt: contactMessages.deliveredAt,
        // The operator's answers, oldest first (the table named in full: a bare column here
        // would be read as the reply's own).
        replies: sql<{ text: string; created_at: string; read_at: string | null }[]>`coalesce((
          select json_agg(json_build_object('text', r.body, 'created_at', r.created_at,
            'read_at', r.read_at) order by r.created_at, r.id)
          from ${contactReplies} r where r.message_id = "contact_messages"."id"), '[]')`,
      })
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId))
      .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id)),
  };
}

export type PersonalRecords = NonNullable<Awaited<ReturnType<typeof personalRecordsOf>>>;

/**
 * What an account's deletion erases besides sign-in, events, invites and answers (those have
 * repositories of their own). Kept, pointing at the anonymised row: draw entries (the public
 * record of every draw), grand prizes and referral bonuses (the prize records the law
 * requires), coupons and gift cards already handed over (what was given away), and the mark
 * that the wishlist coupon was given when that coupon was handed over (it says where it came
 * from).
 */
export async function eraseRemainingPersonalRecordsOf(
  db: Database,
  userId: string,
  phone: string | null,
) {
  await db.delete(contactMessages).where(eq(contactMessages.userId, userId));
  // Tickets and unclaimed rewards are worth nothing to anyone once the player is gone; spent
  // tickets' entries say themselves that they came from the wallet.
  await db.delete(walletTickets).where(eq(walletTickets.userId, userId));
  await db
    .delete(rewards)
    .where(
      and(
        eq(rewards.userId, userId),
        or(ne(rewards.type, 'coupon_reward'), eq(rewards.claimed, false)),
      ),
    );
  // The wishlist coupon's mark stays only as the origin of a coupon handed over.
  await db
    .delete(firstSkipRewards)
    .where(and(eq(firstSkipRewards.userId, userId), isNull(firstSkipRewards.rewardId)));
  // Where a prize's (or a bonus's) money went is personal. Once paid, or never claimed, the
  // record keeps the amount, draw, method and dates, not the payout address or the check's name
  // and address. One claimed but not yet paid is still owed to the player, so its details stay:
  // the payout needs them.
  await db
    .update(grandPrizes)
    .set({ paymentDetails: null, cashierCheckName: null, cashierCheckAddress: null })
    .where(
      and(
        eq(grandPrizes.userId, userId),
        or(isNotNull(grandPrizes.paidAt), isNull(grandPrizes.claimedAt)),
      ),
    );
  await db
    .update(referralBonuses)
    .set({ paymentDetails: null })
    .where(
      and(
        eq(referralBonuses.inviterId, userId),
        or(isNotNull(referralBonuses.paidAt), isNull(referralBonuses.claimedAt)),
      ),
    );
  if (phone) await db.delete(rateLimits).where(eq(rateLimits.key, phoneLimitKey(phone)));
}
