// The privacy policy's requests (DESIGN section 4): a player's rights to know, access and copy
// (everything held about them, as one JSON document) and to erasure (the account deleted).
import { AppError } from '../errors';
import { maskPhone } from '../phone';
import { personalRecordsOf, type PersonalRecords } from '../repositories/privacy';
import type { ServiceContext } from './context';
import { findPlayerByPhone, noPlayerWith, OpsError } from './ops';
import type { UserService } from './users';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** Everything held about one player; another player appears only as a masked phone. */
export function toPlayerExport(records: PersonalRecords) {
  const { user } = records;
  return {
    user: {
      id: user.id,
      phone: user.phone,
      main_price: user.mainPrice,
      created_at: iso(user.createdAt),
      invited_by_code: user.invitedByCode,
    },
    sessions: records.sessions.map((row) => ({
      created_at: iso(row.createdAt),
      expires_at: iso(row.expiresAt),
      revoked_at: isoOrNull(row.revokedAt),
    })),
    trusted_devices: records.trustedDevices.map((row) => ({
      created_at: iso(row.createdAt),
      consecutive_failures: row.consecutiveFailures,
      rejected_at: isoOrNull(row.rejectedAt),
    })),
    sign_in_codes: records.signInCodes.map((row) => ({
      created_at: iso(row.createdAt),
      expires_at: iso(row.expiresAt),
      wrong_attempts: row.attempts,
      used_at: isoOrNull(row.usedAt),
      voided_at: isoOrNull(row.voidedAt),
    })),
    sign_in_failures: records.signInGuard && {
      consecutive_failures: records.signInGuard.consecutiveFailures,
      blocked_until: isoOrNull(records.signInGuard.blockedUntil),
      locked: records.signInGuard.locked,
      updated_at: iso(records.signInGuard.updatedAt),
    },
    code_requests: records.codeRequests && {
      window_started_at: iso(records.codeRequests.windowStartedAt),
      requests: records.codeRequests.hits,
    },
    invites: records.invites.map((row) => ({
      code: row.code,
      uses: row.uses,
      max_uses: row.maxUses,
      created_at: iso(row.createdAt),
      claimed_at: isoOrNull(row.claimedAt),
      claimed_by: row.claimantPhone ? maskPhone(row.claimantPhone) : null,
      link_opens: row.linkOpens,
    })),
    clicks: records.clicks.map((row) => ({
      event_name: row.eventName,
      page_url: row.pageUrl,
      metadata: row.metadata,
      platform: row.platform,
      created_at: iso(row.createdAt),
    })),
    page_views: records.pageViews.map((row) => ({
      path: row.path,
      platform: row.platform,
      created_at: iso(row.createdAt),
    })),
    draw_entries: records.drawEntries.map((row) => ({
      id: row.id,
      draw_id: row.drawId,
      source: row.source,
      created_at: iso(row.createdAt),
    })),
    wallet_tickets: records.walletTickets.map((row) => ({
      id: row.id,
      source: row.source,
      reward_id: row.rewardId,
      spent_at: isoOrNull(row.spentAt),
      draw_entry_id: row.drawEntryId,
      created_at: iso(row.createdAt),
    })),
    rewards: records.rewards.map((row) => ({
      id: row.id,
      type: row.type,
      kind: row.kind,
      value: row.value,
      value_cents: row.valueCents,
      coupon_type: row.couponType,
      link: row.link,
      claim_message: row.message,
      draw_entry_id: row.drawEntryId,
      played_back: row.playedBack,
      claimed: row.claimed,
      claimed_at: isoOrNull(row.claimedAt),
      created_at: iso(row.createdAt),
    })),
    answers: records.answers.map((row) => ({
      question_key: row.questionKey,
      question_prompt: row.prompt,
      answer: row.answer,
      skipped: row.skipped,
      draw_entry_id: row.drawEntryId,
      created_at: iso(row.createdAt),
    })),
    questionnaire_skips: records.questionnaireSkips.map((row) => ({
      draw_entry_id: row.drawEntryId,
      created_at: iso(row.createdAt),
    })),
    grand_prizes: records.grandPrizes.map((row) => ({
      id: row.id,
      draw_id: row.drawId,
      draw_entry_id: row.drawEntryId,
      prize_amount: row.prizeAmount,
      payment_method: row.paymentMethod,
      payment_details: row.paymentDetails,
      cashier_check_name: row.cashierCheckName,
      cashier_check_address: row.cashierCheckAddress,
      claimed_at: isoOrNull(row.claimedAt),
      paid_at: isoOrNull(row.paidAt),
      created_at: iso(row.createdAt),
    })),
    referral_bonuses: records.referralBonuses.map((row) => ({
      draw_id: row.drawId,
      amount: row.amount,
      payment_method: row.paymentMethod,
      payment_details: row.paymentDetails,
      claimed_at: isoOrNull(row.claimedAt),
      paid_at: isoOrNull(row.paidAt),
      created_at: iso(row.createdAt),
    })),
    referral_bonuses_earned_for_inviter: records.bonusesForInviter.map((row) => ({
      draw_id: row.drawId,
      amount: row.amount,
      inviter: row.inviterPhone ? maskPhone(row.inviterPhone) : '(deleted)',
      paid_at: isoOrNull(row.paidAt),
      created_at: iso(row.createdAt),
    })),
    first_skip_reward: records.firstSkipReward && {
      reward_id: records.firstSkipReward.rewardId,
      draw_entry_id: records.firstSkipReward.drawEntryId,
      created_at: iso(records.firstSkipReward.createdAt),
    },
    contact_messages: records.contactMessages.map((row) => ({
      subject: row.subject,
      message: row.message,
      created_at: iso(row.createdAt),
      delivered_at: isoOrNull(row.deliveredAt),
      replies: row.replies.map((reply) => ({
        text: reply.text,
        created_at: new Date(reply.created_at).toISOString(),
        read_at: reply.read_at === null ? null : new Date(reply.read_at).toISOString(),
      })),
    })),
  };
}

export type PlayerExport = ReturnType<typeof toPlayerExport>;

export function createPrivacyService({ db }: ServiceContext, users: UserService) {
  /** The player's records, read at one instant; null for an unknown or deleted player. */
  async function exportOf(userId: string): Promise<PlayerExport | null> {
    const records = await db.transaction((tx) => personalRecordsOf(tx, userId), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    return records && toPlayerExport(records);
  }

  return {
    exportOf,

    /** The operator's `user export PHONE`: throws OpsError for a bad or unknown phone. */
    async exportByPhone(input: string): Promise<PlayerExport> {
      const { phone, user } = await findPlayerByPhone(db, input);
      const document = await exportOf(user.id);
      // Deleted in the meantime.
      if (!document) throw new OpsError(noPlayerWith(phone));
      return document;
    },

    /**
     * The operator's `user delete PHONE`: the same deletion as the player's own, from a
     * session of theirs or not.
     */
    async deleteByPhone(input: string): Promise<{ phone: string }> {
      const { phone, user } = await findPlayerByPhone(db, input);
      try {
        await users.deleteAccount(user.id, user.id);
      } catch (error) {
        // Deleted in the meantime (by the player, say).
        if (error instanceof AppError && error.statusCode === 404) {
          throw new OpsError(noPlayerWith(phone));
        }
        throw error;
      }
      return { phone };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
