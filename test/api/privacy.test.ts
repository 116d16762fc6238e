// Privacy on PGlite and PostgreSQL (DESIGN section 4): logout and deletion end the session at
// once; deletion erases everything personal and keeps the draw and prize records, anonymised;
// the export holds everything about the player and nothing of anyone else.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CreateInviteResponse,
  DrawEntryResponse,
  LoginResponse,
  RegistrationResponse,
  WalletResponse,
} from '../../contract/api';
import { OfferCatalog, QuestionCatalog } from '../../contract/catalog';
import { NextQuestionResponse, QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import { RewardsResponse } from '../../contract/rewards';
import {
  answers,
  clicks,
  contactMessages,
  drawEntries,
  firstSkipRewards,
  grandPrizes,
  invites,
  oneTimeCodes,
  phoneGuards,
  questionnaireSkips,
  rateLimits,
  referralBonuses,
  rewards,
  sessions,
  trustedDevices,
  users,
  walletTickets,
} from '../../server/db/schema';
import { maskPhone } from '../../server/phone';
import { OpsError } from '../../server/services/ops';
import {
  bearer,
  buildTestApp,
  campaignCode,
  databases,
  freshCode,
  register,
  signedInPlayer,
  url,
  useDatabase,
  verifyCode,
} from './helper';

type Player = Awaited<ReturnType<typeof signedInPlayer>>;

describe.each(databases)('privacy on %s', (kind) => {
  const database = useDatabase(kind);
  const db = () => database().db;
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database());
    await app.services.catalog.importQuestions(
      QuestionCatalog.parse({
        questions: Array.from({ length: QUESTIONS_PER_BATCH }, (_, i) => ({
          key: `privacy-q-${i}`,
          prompt: `Privacy question ${i}?`,
          tags: ['privacy'],
        })),
      }),
    );
    await app.services.catalog.importOffers(
      OfferCatalog.parse({
        offers: [
          {
            key: 'privacy-offer',
            coupon_type: 'Quiet Cafe',
            kind: 'coupon',
            value: 5,
            image: '/images/rewards/coupon.svg',
            link: null,
            tags: ['privacy'],
            code: 'QUIET-5',
            delivery_note: null,
          },
        ],
      }),
    );
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    token: string,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method,
      url: url(path),
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
  const inviteOf = async (player: Player) =>
    CreateInviteResponse.parse((await call('POST', 'invites', player.token)).json()).code;
  const press = async (player: Player) =>
    DrawEntryResponse.parse((await call('POST', 'draw_entries', player.token, {})).json()).data;
  /** Closes whatever draw is open, so the next presses make a draw of their own. */
  const closeDraw = () => app.services.draws.closeNow();

  /**
   * A player's trail through the app, each piece marked with `label`: a press, a skip and its
   * wishlist coupon, a whole batch of answers, its rewards (the coupon claimed), a click and a
   * Contact Us message.
   */
  const play = async (player: Player, label: string) => {
    const entry = await press(player);
    // A first-time player's skip earns the wishlist coupon; the answers come after it.
    await app.services.questionnaires.skip(player.user.id, entry.id);
    await app.services.rewards.firstSkipCoupon(player.user.id, true);
    for (let i = 0; i < QUESTIONS_PER_BATCH; i += 1) {
      const next = NextQuestionResponse.parse(
        (await call('GET', 'questionnaires/next', player.token)).json(),
      ).data;
      const answered = await call('PATCH', `questionnaires/${next.id}`, player.token, {
        question_prompt: next.attributes.next_question,
        answer: i % 2 === 0,
        draw_entry_id: entry.id,
        isSkipped: false,
      });
      expect(answered.statusCode).toBe(200);
    }
    const paid = RewardsResponse.parse(
      (await call('POST', 'rewards', player.token, { draw_entry_id: entry.id })).json(),
    ).data;
    const coupon = paid.find((reward) => reward.type === 'coupon_reward');
    if (!coupon) throw new Error('a whole batch of answers earns a coupon');
    expect((await call('POST', `rewards/${coupon.id}/claim`, player.token, {})).statusCode).toBe(
      200,
    );
    const clicked = await call('POST', 'clicks', player.token, {
      click: {
        event_name: 'black_button_click',
        page_url: `/home?from=${label}`,
        metadata: { marker: label },
      },
    });
    expect(clicked.statusCode).toBe(201);
    await db()
      .insert(contactMessages)
      .values({
        userId: player.user.id,
        subject: `${label} subject`,
        message: `A problem only ${label} has.`,
      });
    return { entry };
  };

  /**
   * Alpha invites Charlie, who wins a draw (Alpha's referral bonus); Alpha plays and wins the
   * next one; Bravo signs up with Alpha's second invite and plays in the draw still open.
   */
  const twoPlayersWithEverything = async () => {
    const alpha = await signedInPlayer(app);
    const charlie = await signedInPlayer(app, await inviteOf(alpha));
    await closeDraw();
    await press(charlie);
    expect((await closeDraw()).winner?.userId).toBe(charlie.user.id);
    const { entry } = await play(alpha, 'alpha');
    expect((await closeDraw()).winner?.userId).toBe(alpha.user.id);
    const bravo = await signedInPlayer(app, await inviteOf(alpha));
    await play(bravo, 'bravo');
    return { alpha, bravo, charlie, alphaEntry: entry };
  };

  it('refuses the token at once after logout, and a second logout', async () => {
    const player = await signedInPlayer(app);
    const logout = () => call('POST', 'users/logout', player.token);
    expect((await logout()).statusCode).toBe(200);
    expect((await call('GET', 'invites', player.token)).statusCode).toBe(401);
    expect((await call('GET', 'wallet', player.token)).statusCode).toBe(401);
    expect((await logout()).statusCode).toBe(401);
  });

  it("exports everything held about the player, and nothing of another player's", async () => {
    const { alpha, bravo, charlie, alphaEntry } = await twoPlayersWithEverything();
    // Someone opens the link of Alpha's first invite.
    const [firstInvite] = await db()
      .select({ code: invites.code })
      .from(invites)
      .where(eq(invites.ownerId, alpha.user.id))
      .orderBy(invites.createdAt);
    const opened = await call('POST', 'invite_click_counts', alpha.token, {
      invite_code: firstInvite?.code,
    });
    expect(opened.statusCode).toBe(201);

    const exported = await app.services.privacy.exportOf(alpha.user.id);
    if (!exported) throw new Error('alpha is a player');
    expect(exported.user).toMatchObject({ id: alpha.user.id, phone: `+${alpha.phone}` });
    expect(exported.user.main_price).toBe(500);
    expect(exported.user.invited_by_code).toMatch(/^[2-9A-HJKMNP-Z]+$/);
    expect(exported.sessions).toHaveLength(1);
    expect(exported.sessions[0]?.revoked_at).toBeNull();
    expect(exported.trusted_devices).toHaveLength(1);
    expect(exported.sign_in_codes[0]?.used_at).not.toBeNull();
    expect(exported.code_requests?.requests).toBe(1);
    expect(exported.invites.map((invite) => invite.claimed_by)).toEqual([
      maskPhone(`+${charlie.phone}`),
      maskPhone(`+${bravo.phone}`),
    ]);
    expect(exported.invites[0]?.link_opens).toBe(1);
    expect(exported.clicks).toEqual([
      expect.objectContaining({
        event_name: 'black_button_click',
        page_url: '/home?from=alpha',
        metadata: { marker: 'alpha' },
      }),
    ]);
    expect(exported.draw_entries.map((entry) => entry.id)).toEqual([alphaEntry.id]);
    // The welcome ticket, then one for each question answered.
    expect(exported.wallet_tickets.map((ticket) => ticket.source)).toEqual([
      'welcome',
      ...Array<string>(QUESTIONS_PER_BATCH).fill('token_reward'),
    ]);
    expect(exported.rewards.map((reward) => reward.type).sort()).toEqual([
      'coupon_reward',
      'coupon_reward',
      'token_reward',
    ]);
    expect(exported.rewards).toContainEqual(
      expect.objectContaining({ claimed: true, claim_message: 'QUIET-5' }),
    );
    expect(exported.answers).toHaveLength(QUESTIONS_PER_BATCH);
    expect(exported.answers[0]).toMatchObject({
      question_prompt: 'Privacy question 0?',
      answer: true,
      skipped: false,
      draw_entry_id: alphaEntry.id,
    });
    expect(exported.questionnaire_skips).toEqual([
      expect.objectContaining({ draw_entry_id: alphaEntry.id }),
    ]);
    expect(exported.grand_prizes).toEqual([
      expect.objectContaining({
        draw_entry_id: alphaEntry.id,
        prize_amount: 500,
        payment_method: null,
        payment_details: null,
      }),
    ]);
    expect(exported.referral_bonuses).toEqual([expect.objectContaining({ amount: 100 })]);
    // The first skip's mark; Alpha came with a campaign code, so Alpha's win earned nobody a
    // bonus, while Charlie's win earned Alpha's, which Charlie's export names by masked phone.
    expect(exported.first_skip_reward).toMatchObject({ draw_entry_id: alphaEntry.id });
    expect(exported.referral_bonuses_earned_for_inviter).toEqual([]);
    const charlieExport = await app.services.privacy.exportOf(charlie.user.id);
    expect(charlieExport?.referral_bonuses_earned_for_inviter).toEqual([
      expect.objectContaining({ amount: 100, inviter: maskPhone(`+${alpha.phone}`) }),
    ]);
    expect(JSON.stringify(charlieExport)).not.toContain(alpha.phone);
    expect(exported.contact_messages).toEqual([
      expect.objectContaining({ subject: 'alpha subject', message: 'A problem only alpha has.' }),
    ]);

    const text = JSON.stringify(exported);
    for (const other of [bravo, charlie]) {
      expect(text).not.toContain(other.phone);
      expect(text).not.toContain(other.user.id);
    }
    expect(text).not.toContain('bravo');
    // Sessions and devices are named by ids that sign-in tokens and cookies carry: left out.
    for (const row of await db().select().from(sessions).where(eq(sessions.userId, alpha.user.id)))
      expect(text).not.toContain(row.id);

    // The operator's way in, by the phone as typed.
    const digits = alpha.phone.slice(1);
    const typed = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    const byPhone = await app.services.privacy.exportByPhone(typed);
    expect(byPhone.user.id).toBe(alpha.user.id);
    expect(byPhone.clicks).toEqual(exported.clicks);
  });

  it('refuses an export of a phone that is not valid or not a player', async () => {
    await expect(app.services.privacy.exportByPhone('555-0123')).rejects.toThrow(
      new OpsError('Not a valid US phone number: 555-0123'),
    );
    await expect(app.services.privacy.exportByPhone('+12025550000')).rejects.toThrow(
      new OpsError('No player with phone number +12025550000'),
    );
  });

  it('erases everything personal on deletion, keeping the prize records anonymised', async () => {
    const { alpha, bravo, charlie } = await twoPlayersWithEverything();
    const id = alpha.user.id;
    // Two more wins (Bravo's win of the open draw earns Alpha a second bonus): one paid out, one
    // claimed and still owed.
    await closeDraw();
    await press(alpha);
    await closeDraw();
    await press(alpha);
    await closeDraw();
    const prizes = await db()
      .select()
      .from(grandPrizes)
      .where(eq(grandPrizes.userId, id))
      .orderBy(grandPrizes.drawId);
    expect(prizes).toHaveLength(3);
    const [unclaimed, paid, owed] = prizes;
    if (!unclaimed || !paid || !owed) throw new Error('three prizes');
    const at = new Date();
    await db()
      .update(grandPrizes)
      .set({
        paymentMethod: 'PayPal',
        paymentDetails: 'alpha@example.com',
        cashierCheckName: 'Alpha Player',
        cashierCheckAddress: '1 Main St',
        claimedAt: at,
        paidAt: at,
      })
      .where(eq(grandPrizes.id, paid.id));
    await db()
      .update(grandPrizes)
      .set({ paymentMethod: 'Venmo', paymentDetails: '@alpha', claimedAt: at })
      .where(eq(grandPrizes.id, owed.id));
    const entriesBefore = await db().$count(drawEntries, eq(drawEntries.userId, id));
    const phoneLimit = eq(rateLimits.key, `phone:+${alpha.phone}`);
    expect(await db().$count(rateLimits, phoneLimit)).toBe(1);

    const deleted = await call('DELETE', `users/registrations/${id}`, alpha.token);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', 'wallet', alpha.token)).statusCode).toBe(401);

    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ phone: null, invitedByInviteId: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const remaining = async (...counts: Array<Promise<number>>) => Promise.all(counts);
    expect(
      await remaining(
        db().$count(clicks, eq(clicks.userId, id)),
        db().$count(invites, eq(invites.ownerId, id)),
        db().$count(answers, eq(answers.userId, id)),
        db().$count(questionnaireSkips, eq(questionnaireSkips.userId, id)),
        db().$count(contactMessages, eq(contactMessages.userId, id)),
        db().$count(oneTimeCodes, eq(oneTimeCodes.userId, id)),
        db().$count(trustedDevices, eq(trustedDevices.userId, id)),
        db().$count(phoneGuards, eq(phoneGuards.userId, id)),
        db().$count(walletTickets, eq(walletTickets.userId, id)),
        db().$count(firstSkipRewards, eq(firstSkipRewards.userId, id)),
        db().$count(rateLimits, phoneLimit),
        db().$count(sessions, and(eq(sessions.userId, id), isNull(sessions.revokedAt))),
      ),
    ).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // What was handed over stays as a record: the claimed coupon only.
    expect(
      await db()
        .select({ type: rewards.type, claimed: rewards.claimed })
        .from(rewards)
        .where(eq(rewards.userId, id)),
    ).toEqual([{ type: 'coupon_reward', claimed: true }]);

    // The public draw records and the prize records stay, pointing at the anonymised row.
    expect(await db().$count(drawEntries, eq(drawEntries.userId, id))).toBe(entriesBefore);
    const after = new Map(
      (await db().select().from(grandPrizes).where(eq(grandPrizes.userId, id))).map((prize) => [
        prize.id,
        prize,
      ]),
    );
    expect(after.get(unclaimed.id)).toMatchObject({ prizeAmount: 500, paymentDetails: null });
    expect(after.get(paid.id)).toMatchObject({
      prizeAmount: 500,
      paymentMethod: 'PayPal',
      paymentDetails: null,
      cashierCheckName: null,
      cashierCheckAddress: null,
      claimedAt: at,
      paidAt: at,
    });
    // Still owed to the winner: where to pay it stays until it is paid.
    expect(after.get(owed.id)).toMatchObject({ paymentMethod: 'Venmo', paymentDetails: '@alpha' });
    // Once the operator pays it, that goes too; the record of the payment stays.
    await app.services.payouts.markPaid(owed.id);
    const [settled] = await db().select().from(grandPrizes).where(eq(grandPrizes.id, owed.id));
    expect(settled).toMatchObject({ paymentMethod: 'Venmo', paymentDetails: null });
    expect(settled?.paidAt).not.toBeNull();
    expect(await db().$count(referralBonuses, eq(referralBonuses.inviterId, id))).toBe(2);
    expect(await app.services.privacy.exportOf(id)).toBeNull();

    // The other players keep everything of theirs.
    for (const other of [bravo, charlie]) {
      const [otherRow] = await db().select().from(users).where(eq(users.id, other.user.id));
      expect(otherRow?.phone).toBe(`+${other.phone}`);
    }
    expect(await db().$count(clicks, eq(clicks.userId, bravo.user.id))).toBe(1);
    expect(await db().$count(contactMessages, eq(contactMessages.userId, bravo.user.id))).toBe(1);

    // The number signs up again as a new player, with a fresh wallet.
    const again = await register(app, alpha.phone, await campaignCode(app, 1));
    expect(again.statusCode).toBe(201);
    const newcomer = RegistrationResponse.parse(again.json()).data;
    expect(newcomer.id).not.toBe(id);
    const signedIn = LoginResponse.parse(
      (await verifyCode(app, alpha.phone, await freshCode(app, alpha.phone))).json(),
    );
    expect(signedIn.user.id).toBe(newcomer.id);
    const wallet = await call('GET', 'wallet', signedIn.token);
    expect(WalletResponse.parse(wallet.json()).data.tickets).toBe(1);
  });

  it('deletes through the operator the same way, and frees the number for a second deletion', async () => {
    const player = await signedInPlayer(app);
    await play(player, 'delta');
    await expect(app.services.privacy.deleteByPhone(player.phone)).resolves.toEqual({
      phone: `+${player.phone}`,
    });
    expect((await call('GET', 'invites', player.token)).statusCode).toBe(401);
    expect(await db().$count(contactMessages, eq(contactMessages.userId, player.user.id))).toBe(0);
    await expect(app.services.privacy.deleteByPhone(player.phone)).rejects.toThrow(
      new OpsError(`No player with phone number +${player.phone}`),
    );
    // Deleted accounts all hold a null phone: the unique index lets them be.
    const again = await register(app, player.phone, await campaignCode(app, 1));
    const newcomer = RegistrationResponse.parse(again.json()).data;
    await app.services.privacy.deleteByPhone(player.phone);
    const rows = await db()
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, newcomer.id));
    expect(rows).toEqual([{ phone: null }]);
  });
});
