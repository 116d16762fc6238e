// The winnings drawer on PGlite and PostgreSQL: the player's coupons, the referral bonus an
// invitee's win earns, how a grand prize can be paid (a cashier check leaves only the card), and
// the prize and bonus claims that each record one payout request, once, however many arrive
// together, to an address that cannot hide anything from the operator who pays it.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CreateInviteResponse,
  GrandPrizeListResponse,
  GrandPrizeResponse,
  UNSTORABLE_TEXT_DETAIL,
  type GrandPrize,
} from '../../contract/api';
import {
  BONUS_ALREADY_CLAIMED,
  CARD_EMAIL_INVALID,
  ClaimBonusResponse,
  ClaimPrizeResponse,
  CouponListResponse,
  METHOD_NOT_OFFERED,
  PAYMENT_METHOD_INVALID,
  PaymentChoicesResponse,
  PAYPAL_EMAIL_INVALID,
  PRIZE_ALREADY_CLAIMED,
  ReferralBonusListResponse,
  VENMO_HANDLE_INVALID,
} from '../../contract/winnings';
import { grandPrizes, referralBonuses, rewards } from '../../server/db/schema';
import {
  bearer,
  buildTestApp,
  databases,
  detailOf,
  signedInPlayer,
  url,
  useDatabase,
} from './helper';
import { expectBooksBalance } from './integrity';

type Player = Awaited<ReturnType<typeof signedInPlayer>>;

describe.each(databases)('winnings on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database());
  });

  const get = (path: string, token?: string) =>
    app.inject({ method: 'GET', url: url(path), ...(token ? { headers: bearer(token) } : {}) });
  const post = (path: string, token: string | undefined, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: url(path),
      headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
      payload: JSON.stringify(payload),
    });
  const claim = (token: string | undefined, body: Record<string, unknown>) =>
    post('reward_payment_choices/claim', token, body);
  const choices = (token: string, id: string) =>
    get(`reward_payment_choices?grand_prize_id=${encodeURIComponent(id)}`, token);

  /** The player presses alone in a draw that then closes: the grand prize is theirs. */
  const winning = async (player: Player): Promise<GrandPrize> => {
    await app.services.draws.closeNow();
    expect((await post('draw_entries', player.token, {})).statusCode).toBe(201);
    const closing = await app.services.draws.closeNow();
    expect(closing.winner?.userId).toBe(player.user.id);
    const prizes = GrandPrizeListResponse.parse((await get('grand_prizes', player.token)).json());
    const prize = prizes.data.find((p) => p.draw_id === closing.draw.id);
    if (!prize) throw new Error('the winner has no prize');
    return prize;
  };
  const winner = async () => {
    const player = await signedInPlayer(app);
    return { ...player, prize: await winning(player) };
  };
  const prizeRow = async (id: string) => {
    const [row] = await database().db.select().from(grandPrizes).where(eq(grandPrizes.id, id));
    if (!row) throw new Error(`no prize ${id}`);
    return row;
  };
  const claimBonus = (token: string | undefined, body: unknown) =>
    post('referral_bonuses/claim', token, body);
  /** A player invites another, who then wins: the inviter has a $100 bonus to claim. */
  const inviterWithBonus = async () => {
    const inviter = await signedInPlayer(app);
    const { code } = CreateInviteResponse.parse((await post('invites', inviter.token, {})).json());
    const invitee = await signedInPlayer(app, code);
    await winning(invitee);
    const [bonus] = ReferralBonusListResponse.parse(
      (await get('referral_bonuses', inviter.token)).json(),
    ).data;
    if (!bonus) throw new Error('the inviter earned no bonus');
    return { ...inviter, invitee, bonus };
  };
  const bonusRow = async (id: string) => {
    const [row] = await database()
      .db.select()
      .from(referralBonuses)
      .where(eq(referralBonuses.id, id));
    if (!row) throw new Error(`no bonus ${id}`);
    return row;
  };
  const giveCashierCheck = (id: string, name: string | null, address: string | null) =>
    database()
      .db.update(grandPrizes)
      .set({ cashierCheckName: name, cashierCheckAddress: address })
      .where(eq(grandPrizes.id, id));

  it('refuses every winnings call without a session', async () => {
    const { prize } = await winner();
    for (const path of [
      'coupons',
      'referral_bonuses',
      `reward_payment_choices?grand_prize_id=${prize.id}`,
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(401);
      expect(detailOf(response)).toBe('Unauthorized');
    }
    const body = { grand_prize_id: prize.id, payment_method: 'PayPal', email: 'jane@example.com' };
    for (const token of [undefined, 'e30.e30.forged']) {
      const response = await claim(token, body);
      expect(response.statusCode).toBe(401);
      expect(detailOf(response)).toBe('Unauthorized');
    }
    expect((await prizeRow(prize.id)).claimedAt).toBeNull();
  });

  describe('coupons', () => {
    it('lists the player’s coupons and gift cards, newest first, played back or claimed', async () => {
      const player = await signedInPlayer(app);
      const other = await signedInPlayer(app);
      expect(CouponListResponse.parse((await get('coupons', player.token)).json())).toEqual({
        data: [],
      });
      const base = Date.now() - 60_000;
      const coupon = (
        userId: string,
        brand: string,
        secondsAfter: number,
        extra: Partial<typeof rewards.$inferInsert> = {},
      ) => ({
        userId,
        type: 'coupon_reward' as const,
        value: 5,
        valueCents: 550,
        couponType: brand,
        imageLink: '/images/rewards/coupon.svg',
        link: 'https://example.com/offer',
        kind: 'coupon' as const,
        message: `${brand}-CODE`,
        createdAt: new Date(base + secondsAfter * 1000),
        ...extra,
      });
      await database()
        .db.insert(rewards)
        .values([
          coupon(player.user.id, 'Camp Corner', 1),
          coupon(player.user.id, 'Dinerland', 3, { playedBack: true, claimed: true }),
          coupon(player.user.id, 'Gift Galaxy', 2, { kind: 'gift_card', valueCents: 2500 }),
          coupon(other.user.id, 'Not Mine', 4),
          // Wallet tickets are rewards too, but no coupons.
          {
            userId: player.user.id,
            type: 'token_reward',
            value: 3,
            imageLink: '/images/rewards/token.svg',
            createdAt: new Date(base + 5000),
          },
        ]);

      const response = await get('coupons', player.token);
      expect(response.statusCode).toBe(200);
      const listed = CouponListResponse.parse(response.json()).data;
      expect(listed.map((reward) => reward.attributes.coupon_type)).toEqual([
        'Dinerland',
        'Gift Galaxy',
        'Camp Corner',
      ]);
      expect(listed.every((reward) => reward.type === 'coupon_reward')).toBe(true);
      expect(listed[0]?.attributes).toEqual({
        value: 5.5,
        coupon_type: 'Dinerland',
        image_link: '/images/rewards/coupon.svg',
        link: 'https://example.com/offer',
        kind: 'coupon',
        claimed: true,
        // A claimed coupon stays listed with what its claim showed.
        claim_message: 'Dinerland-CODE',
        code: null,
      });
      expect(listed[1]?.attributes).toMatchObject({ value: 25, kind: 'gift_card', claimed: false });
      const others = CouponListResponse.parse((await get('coupons', other.token)).json()).data;
      expect(others.map((reward) => reward.attributes.coupon_type)).toEqual(['Not Mine']);
    });
  });

  describe('referral bonuses', () => {
    it('shows the inviter 20% of the invitee’s prize once the draw closes, paid or not', async () => {
      const inviter = await signedInPlayer(app);
      const { code } = CreateInviteResponse.parse(
        (await post('invites', inviter.token, {})).json(),
      );
      const invitee = await signedInPlayer(app, code);
      expect(
        ReferralBonusListResponse.parse((await get('referral_bonuses', inviter.token)).json()),
      ).toEqual({ data: [] });

      await winning(invitee);
      const response = await get('referral_bonuses', inviter.token);
      expect(response.statusCode).toBe(200);
      const bonuses = ReferralBonusListResponse.parse(response.json()).data;
      expect(bonuses).toEqual([
        {
          id: expect.any(String) as string,
          amount: 100,
          created_at: expect.any(String) as string,
          claimed: false,
          payment_method: null,
          paid: false,
        },
      ]);
      expect(Date.now() - Date.parse(bonuses[0]?.created_at ?? '')).toBeLessThan(60_000);
      // The winner earned no bonus: the prize is theirs, the bonus their inviter's.
      expect(
        ReferralBonusListResponse.parse((await get('referral_bonuses', invitee.token)).json()).data,
      ).toEqual([]);

      await database()
        .db.update(referralBonuses)
        .set({ paidAt: new Date() })
        .where(eq(referralBonuses.id, bonuses[0]?.id ?? ''));
      const paid = ReferralBonusListResponse.parse(
        (await get('referral_bonuses', inviter.token)).json(),
      ).data;
      expect(paid.map((bonus) => bonus.paid)).toEqual([true]);
    });
  });

  describe('payment choices', () => {
    it('offers Venmo, PayPal and Virtual Visa for the player’s own prize', async () => {
      const { token, prize } = await winner();
      const response = await choices(token, prize.id);
      expect(response.statusCode).toBe(200);
      expect(PaymentChoicesResponse.parse(response.json())).toEqual({
        data: {
          grand_prize_id: prize.id,
          choices: ['Venmo', 'PayPal', 'Virtual Visa'],
          cashier_check: null,
        },
      });
    });

    it('offers only Virtual Visa when a cashier check with a name and an address is on it', async () => {
      const { token, prize } = await winner();
      // A name without an address is no cashier check yet.
      await giveCashierCheck(prize.id, 'Jane Doe', null);
      expect(PaymentChoicesResponse.parse((await choices(token, prize.id)).json()).data).toEqual({
        grand_prize_id: prize.id,
        choices: ['Venmo', 'PayPal', 'Virtual Visa'],
        cashier_check: null,
      });
      await giveCashierCheck(prize.id, 'Jane Doe', '1 Main St, Springfield, IL 62701');
      expect(PaymentChoicesResponse.parse((await choices(token, prize.id)).json()).data).toEqual({
        grand_prize_id: prize.id,
        choices: ['Virtual Visa'],
        cashier_check: { name: 'Jane Doe', address: '1 Main St, Springfield, IL 62701' },
      });
    });

    it('answers 404 for another player’s prize or an id that names none', async () => {
      const { prize } = await winner();
      const other = await signedInPlayer(app);
      for (const id of [prize.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const response = await choices(other.token, id);
        expect(response.statusCode, id).toBe(404);
        expect(detailOf(response)).toBe('Unknown prize');
      }
    });

    it('refuses a missing, repeated, oversized or unknown query with 422', async () => {
      const { token, prize } = await winner();
      const refused = [
        'reward_payment_choices',
        `reward_payment_choices?grand_prize_id=${prize.id}&grand_prize_id=${prize.id}`,
        `reward_payment_choices?grand_prize_id=${'a'.repeat(65)}`,
        `reward_payment_choices?grand_prize_id=${prize.id}&extra=1`,
        'reward_payment_choices?grand_prize_id=a%00b',
      ];
      for (const path of refused) {
        const response = await get(path, token);
        expect(response.statusCode, path).toBe(422);
        expect(detailOf(response)).not.toBe('');
      }
    });
  });

  describe('the claim', () => {
    it('records a PayPal payout request and says where the money goes', async () => {
      const { token, prize } = await winner();
      const response = await claim(token, {
        grand_prize_id: prize.id,
        payment_method: 'PayPal',
        email: '  jane@example.com ',
      });
      expect(response.statusCode).toBe(201);
      expect(ClaimPrizeResponse.parse(response.json())).toEqual({
        data: {
          grand_prize_id: prize.id,
          payment_method: 'PayPal',
          message: 'Your $500 prize will be sent to jane@example.com by PayPal.',
        },
      });
      const row = await prizeRow(prize.id);
      expect(row).toMatchObject({ paymentMethod: 'PayPal', paymentDetails: 'jane@example.com' });
      expect(row.claimedAt).toBeInstanceOf(Date);
      expect(row.paidAt).toBeNull();

      const shown = GrandPrizeResponse.parse((await get(`grand_prizes/${prize.id}`, token)).json());
      expect(shown.data).toMatchObject({ claimed: true, payment_method: 'PayPal', paid: false });
    });

    it('takes a Venmo username with or without its @, and stores it with one', async () => {
      for (const handle of ['jane-doe', '@Jane_Doe42']) {
        const { token, prize } = await winner();
        const response = await claim(token, {
          grand_prize_id: prize.id,
          payment_method: 'Venmo',
          handle,
        });
        expect(response.statusCode).toBe(201);
        const stored = `@${handle.replace(/^@/, '')}`;
        expect(ClaimPrizeResponse.parse(response.json()).data.message).toBe(
          `Your $500 prize will be sent to ${stored} on Venmo.`,
        );
        expect((await prizeRow(prize.id)).paymentDetails).toBe(stored);
      }
    });

    it('sends a Virtual Visa card to an e-mail address', async () => {
      const { token, prize } = await winner();
      const response = await claim(token, {
        grand_prize_id: prize.id,
        payment_method: 'Virtual Visa',
        email: 'card@example.org',
      });
      expect(response.statusCode).toBe(201);
      expect(ClaimPrizeResponse.parse(response.json()).data).toEqual({
        grand_prize_id: prize.id,
        payment_method: 'Virtual Visa',
        message: 'Your $500 prize will be sent to card@example.org as a Virtual Visa card.',
      });
    });

    it('refuses a second claim with 409, whatever method it asks for', async () => {
      const { token, prize } = await winner();
      const first = await claim(token, {
        grand_prize_id: prize.id,
        payment_method: 'Venmo',
        handle: 'first-choice',
      });
      expect(first.statusCode).toBe(201);
      for (const second of [
        { payment_method: 'Venmo', handle: 'first-choice' },
        { payment_method: 'PayPal', email: 'changed@example.com' },
      ]) {
        const response = await claim(token, { grand_prize_id: prize.id, ...second });
        expect(response.statusCode).toBe(409);
        expect(detailOf(response)).toBe(PRIZE_ALREADY_CLAIMED);
      }
      expect(await prizeRow(prize.id)).toMatchObject({
        paymentMethod: 'Venmo',
        paymentDetails: '@first-choice',
      });
    });

    it('records exactly one of many claims sent at once', async () => {
      const { token, prize } = await winner();
      const bodies = Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? { grand_prize_id: prize.id, payment_method: 'PayPal', email: `racer${i}@example.com` }
          : { grand_prize_id: prize.id, payment_method: 'Venmo', handle: `racer-${i}` },
      );
      const responses = await Promise.all(bodies.map((body) => claim(token, body)));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
      const won = responses.find((response) => response.statusCode === 201);
      const recorded = ClaimPrizeResponse.parse(won?.json()).data;
      const row = await prizeRow(prize.id);
      expect(row.paymentMethod).toBe(recorded.payment_method);
      expect(recorded.message).toContain(row.paymentDetails ?? '-');
      expect(
        responses
          .filter((response) => response.statusCode === 409)
          .every((response) => detailOf(response) === PRIZE_ALREADY_CLAIMED),
      ).toBe(true);
      await expectBooksBalance(app, { about: [prize.id] });
    });

    it('pays a prize with a cashier check only by Virtual Visa', async () => {
      const { token, prize } = await winner();
      await giveCashierCheck(prize.id, 'Jane Doe', '1 Main St, Springfield, IL 62701');
      for (const refused of [
        { payment_method: 'PayPal', email: 'jane@example.com' },
        { payment_method: 'Venmo', handle: '@jane-doe' },
      ]) {
        const response = await claim(token, { grand_prize_id: prize.id, ...refused });
        expect(response.statusCode).toBe(422);
        expect(detailOf(response)).toBe(METHOD_NOT_OFFERED);
      }
      expect((await prizeRow(prize.id)).claimedAt).toBeNull();
      const card = await claim(token, {
        grand_prize_id: prize.id,
        payment_method: 'Virtual Visa',
        email: 'jane@example.com',
      });
      expect(card.statusCode).toBe(201);
    });

    it('answers 404 for another player’s prize or an id that names none, and records nothing', async () => {
      const { prize } = await winner();
      const other = await signedInPlayer(app);
      for (const id of [prize.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const response = await claim(other.token, {
          grand_prize_id: id,
          payment_method: 'PayPal',
          email: 'thief@example.com',
        });
        expect(response.statusCode, id).toBe(404);
        expect(detailOf(response)).toBe('Unknown prize');
      }
      expect((await prizeRow(prize.id)).claimedAt).toBeNull();
    });

    it('refuses a body that is not a claim with 422 and a reason, recording nothing', async () => {
      const { token, prize } = await winner();
      const id = prize.id;
      const refused: [unknown, string][] = [
        [
          { grand_prize_id: id, payment_method: 'PayPal', email: 'not-an-email' },
          PAYPAL_EMAIL_INVALID,
        ],
        [
          { grand_prize_id: id, payment_method: 'PayPal', email: 'a b@example.com' },
          PAYPAL_EMAIL_INVALID,
        ],
        [{ grand_prize_id: id, payment_method: 'Virtual Visa', email: 'x@y' }, CARD_EMAIL_INVALID],
        [
          {
            grand_prize_id: id,
            payment_method: 'Virtual Visa',
            email: `${'a'.repeat(250)}@example.com`,
          },
          CARD_EMAIL_INVALID,
        ],
        [{ grand_prize_id: id, payment_method: 'Venmo', handle: '@ab' }, VENMO_HANDLE_INVALID],
        [{ grand_prize_id: id, payment_method: 'Venmo', handle: 'jane doe' }, VENMO_HANDLE_INVALID],
        [
          { grand_prize_id: id, payment_method: 'Venmo', handle: 'jane\u0000doe' },
          UNSTORABLE_TEXT_DETAIL,
        ],
        [
          { grand_prize_id: id, payment_method: 'PayPal', email: 'ja\u0000ne@example.com' },
          UNSTORABLE_TEXT_DETAIL,
        ],
        [
          { grand_prize_id: id, payment_method: 'PayPal', email: 'jane\ud800@example.com' },
          UNSTORABLE_TEXT_DETAIL,
        ],
        [{ grand_prize_id: id, email: 'jane@example.com' }, PAYMENT_METHOD_INVALID],
        [
          { grand_prize_id: id, payment_method: 'Cash', email: 'jane@example.com' },
          PAYMENT_METHOD_INVALID,
        ],
        [
          { grand_prize_id: id, payment_method: 'paypal', email: 'jane@example.com' },
          PAYMENT_METHOD_INVALID,
        ],
        [
          { grand_prize_id: id, payment_method: 'PayPal', email: 'jane@example.com', amount: 5000 },
          'Unknown field: amount',
        ],
        [
          {
            grand_prize_id: id,
            payment_method: 'PayPal',
            email: 'jane@example.com',
            handle: 'jane-doe',
          },
          'Unknown field: handle',
        ],
        [{ payment_method: 'PayPal', email: 'jane@example.com' }, 'Unknown prize'],
        [
          { grand_prize_id: 42, payment_method: 'PayPal', email: 'jane@example.com' },
          'Unknown prize',
        ],
        [[id], 'The request body must be a JSON object'],
        ['PayPal', 'The request body must be a JSON object'],
      ];
      for (const [body, detail] of refused) {
        const response = await post('reward_payment_choices/claim', token, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(detailOf(response), JSON.stringify(body)).toBe(detail);
      }
      // A Venmo claim must name a username, not an e-mail address.
      const venmoByEmail = await claim(token, {
        grand_prize_id: id,
        payment_method: 'Venmo',
        email: 'jane@example.com',
      });
      expect(venmoByEmail.statusCode).toBe(422);
      const malformed = await app.inject({
        method: 'POST',
        url: url('reward_payment_choices/claim'),
        headers: { 'content-type': 'application/json', ...bearer(token) },
        payload: '{"grand_prize_id": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect((await prizeRow(id)).claimedAt).toBeNull();
    });

    it('shows the prize paid once the operator marks it so', async () => {
      const { token, prize } = await winner();
      expect(prize).toMatchObject({ claimed: false, payment_method: null, paid: false });
      await claim(token, {
        grand_prize_id: prize.id,
        payment_method: 'PayPal',
        email: 'jane@example.com',
      });
      await app.services.payouts.markPaid(prize.id);
      const listed = GrandPrizeListResponse.parse((await get('grand_prizes', token)).json()).data;
      expect(listed.find((p) => p.id === prize.id)).toMatchObject({
        claimed: true,
        payment_method: 'PayPal',
        paid: true,
      });
    });
  });

  describe('the bonus claim', () => {
    it('records the inviter’s payout request and shows the bonus claimed', async () => {
      const inviter = await inviterWithBonus();
      const response = await claimBonus(inviter.token, {
        referral_bonus_id: inviter.bonus.id,
        payment_method: 'Venmo',
        handle: 'jane-doe',
      });
      expect(response.statusCode).toBe(201);
      expect(ClaimBonusResponse.parse(response.json())).toEqual({
        data: {
          referral_bonus_id: inviter.bonus.id,
          payment_method: 'Venmo',
          message: 'Your $100 referral bonus will be sent to @jane-doe on Venmo.',
        },
      });
      const row = await bonusRow(inviter.bonus.id);
      expect(row).toMatchObject({ paymentMethod: 'Venmo', paymentDetails: '@jane-doe' });
      expect(row.claimedAt).toBeInstanceOf(Date);
      expect(row.paidAt).toBeNull();
      const listed = ReferralBonusListResponse.parse(
        (await get('referral_bonuses', inviter.token)).json(),
      ).data;
      expect(listed).toEqual([
        { ...inviter.bonus, claimed: true, payment_method: 'Venmo', paid: false },
      ]);
    });

    it('pays a bonus by PayPal or Virtual Visa to an e-mail address', async () => {
      for (const [method, sent] of [
        ['PayPal', 'by PayPal'],
        ['Virtual Visa', 'as a Virtual Visa card'],
      ] as const) {
        const inviter = await inviterWithBonus();
        const response = await claimBonus(inviter.token, {
          referral_bonus_id: inviter.bonus.id,
          payment_method: method,
          email: ' jane@example.com ',
        });
        expect(response.statusCode, method).toBe(201);
        expect(ClaimBonusResponse.parse(response.json()).data.message).toBe(
          `Your $100 referral bonus will be sent to jane@example.com ${sent}.`,
        );
        expect(await bonusRow(inviter.bonus.id)).toMatchObject({
          paymentMethod: method,
          paymentDetails: 'jane@example.com',
        });
      }
    });

    it('records exactly one of 50 claims sent at once; the others are 409', async () => {
      const inviter = await inviterWithBonus();
      const id = inviter.bonus.id;
      const bodies = Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? { referral_bonus_id: id, payment_method: 'PayPal', email: `racer${i}@example.com` }
          : { referral_bonus_id: id, payment_method: 'Venmo', handle: `racer-${i}` },
      );
      const responses = await Promise.all(bodies.map((body) => claimBonus(inviter.token, body)));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, ...Array<number>(49).fill(409)]);
      const refused = responses.filter((response) => response.statusCode === 409);
      expect(refused.every((response) => detailOf(response) === BONUS_ALREADY_CLAIMED)).toBe(true);
      const won = ClaimBonusResponse.parse(
        responses.find((response) => response.statusCode === 201)?.json(),
      ).data;
      const row = await bonusRow(id);
      expect(row.paymentMethod).toBe(won.payment_method);
      expect(won.message).toContain(row.paymentDetails ?? '-');

      const again = await claimBonus(inviter.token, {
        referral_bonus_id: id,
        payment_method: 'Virtual Visa',
        email: 'later@example.com',
      });
      expect(again.statusCode).toBe(409);
      expect(detailOf(again)).toBe(BONUS_ALREADY_CLAIMED);
      expect((await bonusRow(id)).paymentDetails).toBe(row.paymentDetails);
      await expectBooksBalance(app, { about: [id] });
    });

    it('answers 404 for another player’s bonus or an id that names none, recording nothing', async () => {
      const inviter = await inviterWithBonus();
      const stranger = await signedInPlayer(app);
      const ids = [inviter.bonus.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000'];
      // The winner whose prize earned the bonus is a stranger to it as well.
      for (const player of [stranger, inviter.invitee]) {
        for (const id of ids) {
          const response = await claimBonus(player.token, {
            referral_bonus_id: id,
            payment_method: 'PayPal',
            email: 'thief@example.com',
          });
          expect(response.statusCode, id).toBe(404);
          expect(detailOf(response)).toBe('Unknown bonus');
        }
      }
      // A prize id is no bonus id, even the prize of the inviter's own win.
      const own = await winning(inviter);
      const prizeAsBonus = await claimBonus(inviter.token, {
        referral_bonus_id: own.id,
        payment_method: 'PayPal',
        email: 'jane@example.com',
      });
      expect(prizeAsBonus.statusCode).toBe(404);
      expect((await bonusRow(inviter.bonus.id)).claimedAt).toBeNull();
      expect((await prizeRow(own.id)).claimedAt).toBeNull();
    });

    it('answers 401 without a session before it reads or checks the body', async () => {
      const inviter = await inviterWithBonus();
      for (const token of [undefined, 'e30.e30.forged']) {
        for (const body of [
          { referral_bonus_id: inviter.bonus.id, payment_method: 'PayPal', email: 'j@example.com' },
          { referral_bonus_id: inviter.bonus.id, payment_method: 'Cash' },
          'not a claim',
        ]) {
          const response = await claimBonus(token, body);
          expect(response.statusCode, JSON.stringify(body)).toBe(401);
          expect(detailOf(response)).toBe('Unauthorized');
        }
      }
      const malformed = await app.inject({
        method: 'POST',
        url: url('referral_bonuses/claim'),
        headers: { 'content-type': 'application/json' },
        payload: '{"referral_bonus_id": ',
      });
      expect(malformed.statusCode).toBe(401);
      expect((await bonusRow(inviter.bonus.id)).claimedAt).toBeNull();
    });

    it('refuses a body that is not a claim with 422 and a reason, recording nothing', async () => {
      const inviter = await inviterWithBonus();
      const id = inviter.bonus.id;
      const refused: [unknown, string][] = [
        [{ referral_bonus_id: id, payment_method: 'PayPal', email: 'x@y' }, PAYPAL_EMAIL_INVALID],
        [{ referral_bonus_id: id, payment_method: 'Venmo', handle: '@ab' }, VENMO_HANDLE_INVALID],
        [{ referral_bonus_id: id, email: 'jane@example.com' }, PAYMENT_METHOD_INVALID],
        [
          { referral_bonus_id: id, payment_method: 'PayPal', email: 'j@example.com', amount: 1 },
          'Unknown field: amount',
        ],
        [
          { grand_prize_id: id, payment_method: 'PayPal', email: 'jane@example.com' },
          'Unknown bonus',
        ],
      ];
      for (const [body, detail] of refused) {
        const response = await claimBonus(inviter.token, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(detailOf(response), JSON.stringify(body)).toBe(detail);
      }
      expect((await bonusRow(id)).claimedAt).toBeNull();
    });
  });

  describe('hostile payout addresses', () => {
    /** Addresses that would rewrite, reverse or hide text in the operator's terminal. */
    const hostileEmails = [
      '\u001b[2J\u001b]0;x\u0007jane@y.co',
      'jane\u001b[31m@example.com',
      'moc.elpmaxe@\u202Ejane',
      'jane\u200B@example.com',
      'ja\u0000ne@example.com',
      'jane@exa\u00ADmple.com',
      'jane@example.com\u2028',
      'jane\u2029@example.com',
      'jane\u0085@example.com',
      'jane\u009b2J@example.com',
      'jane\u007f@example.com',
      'jane\uFEFF@example.com',
      'jane@example.com\n',
      'jane\t@example.com',
      'jane\u00A0doe@example.com',
      'jane\u3000doe@example.com',
      'jane@example.com\u{E0041}',
    ];
    const hostileHandles = [
      'jane-doe\u001b[2J',
      '\u202Ejane-doe',
      'jane\u200Bdoe',
      'jane\u0000doe',
      'jane-doe\n',
      'jane-doe\u2028',
    ];
    const requests = (idField: string, id: string) => [
      ...hostileEmails.flatMap((email) => [
        { [idField]: id, payment_method: 'PayPal', email },
        { [idField]: id, payment_method: 'Virtual Visa', email },
      ]),
      ...hostileHandles.map((handle) => ({ [idField]: id, payment_method: 'Venmo', handle })),
    ];
    const readable = [
      PAYPAL_EMAIL_INVALID,
      CARD_EMAIL_INVALID,
      VENMO_HANDLE_INVALID,
      UNSTORABLE_TEXT_DETAIL,
    ];

    it('refuses them in a prize claim with 422 and records nothing', async () => {
      const { token, prize } = await winner();
      for (const body of requests('grand_prize_id', prize.id)) {
        const response = await claim(token, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(readable, JSON.stringify(body)).toContain(detailOf(response));
      }
      expect((await prizeRow(prize.id)).claimedAt).toBeNull();
    });

    it('refuses them in a bonus claim with 422 and records nothing', async () => {
      const inviter = await inviterWithBonus();
      for (const body of requests('referral_bonus_id', inviter.bonus.id)) {
        const response = await claimBonus(inviter.token, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(readable, JSON.stringify(body)).toContain(detailOf(response));
      }
      expect((await bonusRow(inviter.bonus.id)).claimedAt).toBeNull();
    });

    it('names the method’s own error for each hostile address', async () => {
      const { token, prize } = await winner();
      const cases: [Record<string, string>, string][] = [
        [{ payment_method: 'PayPal', email: 'jane\u202E@example.com' }, PAYPAL_EMAIL_INVALID],
        [{ payment_method: 'Virtual Visa', email: '\u001b[2Jj@y.co' }, CARD_EMAIL_INVALID],
        [{ payment_method: 'Venmo', handle: 'jane\u200Bdoe' }, VENMO_HANDLE_INVALID],
      ];
      for (const [body, detail] of cases) {
        const response = await claim(token, { grand_prize_id: prize.id, ...body });
        expect(detailOf(response), JSON.stringify(body)).toBe(detail);
      }
    });
  });
});
