// `ops audit` on PGlite and PostgreSQL, run in-process over a real app's services: the books of
// honest play balance (exit 0, each check and what it looked at), and each kind of row that does
// not trace to what earned it, written straight into the database, is named (exit 1).
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DrawEntryResponse } from '../../contract/api';
import { OfferCatalog, QuestionCatalog } from '../../contract/catalog';
import { NextQuestionResponse, QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import { drawEntries, grandPrizes, rewards, users, walletTickets } from '../../server/db/schema';
import { bearer, buildTestApp, databases, signedInPlayer, url, useDatabase } from '../api/helper';
import { opsOver } from './helper';

type Player = Awaited<ReturnType<typeof signedInPlayer>>;

describe.each(databases)('ops audit on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;
  const db = () => database().db;

  beforeAll(async () => {
    app = await buildTestApp(database());
    await app.services.catalog.importQuestions(
      QuestionCatalog.parse({
        questions: Array.from({ length: 12 }, (_, i) => ({
          key: `a-q-${i}`,
          prompt: `Audit question ${i}?`,
          tags: ['food'],
        })),
      }),
    );
    await app.services.catalog.importOffers(
      OfferCatalog.parse({
        offers: [
          {
            key: 'a-diner',
            coupon_type: 'Dinerland',
            kind: 'gift_card',
            value: 10,
            image: '/images/rewards/gift-card.svg',
            link: null,
            tags: ['food'],
            code: null,
            delivery_note: 'Your gift card code arrives by text within 24 hours.',
          },
        ],
      }),
    );
  });

  /** `npm run ops -- ...argv`, in-process over the app's services. */
  const ops = (...argv: string[]) => opsOver(app.services)(...argv);
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    token: string,
    body?: object,
  ) =>
    app.inject({
      method,
      url: url(path),
      headers: bearer(token),
      ...(body === undefined ? {} : { payload: body }),
    });

  /** A press, the first skip's coupon, a whole batch answered and paid, and a won draw. */
  const honestPlay = async (player: Player) => {
    await app.services.draws.closeNow();
    const entry = DrawEntryResponse.parse(
      (await call('POST', 'draw_entries', player.token, {})).json(),
    ).data;
    await call('POST', 'questionnaires/skip_questionnaire', player.token, {
      draw_entry_id: entry.id,
    });
    await call('POST', 'questionnaires/create_coupon_from_wishlist', player.token, {
      is_first_skip_reward: true,
    });
    for (let i = 0; i < QUESTIONS_PER_BATCH; i += 1) {
      const next = NextQuestionResponse.parse(
        (await call('GET', 'questionnaires/next', player.token)).json(),
      ).data;
      await call('PATCH', `questionnaires/${next.id}`, player.token, {
        question_prompt: next.attributes.next_question,
        answer: true,
        draw_entry_id: entry.id,
        isSkipped: false,
      });
    }
    expect(
      (await call('POST', 'rewards', player.token, { draw_entry_id: entry.id })).statusCode,
    ).toBe(201);
    await app.services.draws.closeNow();
    return entry;
  };

  let player: Player;
  let leaving: Player;
  let entryId: number;

  it('finds the books of honest play balanced, and says what it checked', async () => {
    player = await signedInPlayer(app);
    entryId = (await honestPlay(player)).id;
    leaving = await signedInPlayer(app);
    await honestPlay(leaving);
    expect(
      (await call('DELETE', `users/registrations/${leaving.user.id}`, leaving.token)).statusCode,
    ).toBe(200);

    const { code, stdout } = await ops('audit');
    expect(code).toBe(0);
    for (const check of [
      'welcome tickets',
      'token tickets',
      'token rewards',
      'answers paid',
      'batch coupons',
      'first-skip coupons',
      'referral bonuses',
      'grand prizes',
      'payouts',
      'deleted players',
    ]) {
      expect(stdout).toMatch(new RegExp(`^${check}: \\d+ checked, ok`, 'm'));
    }
    expect(stdout).toMatch(/^answers paid: [1-9]\d* checked/m);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('The books balance.');
  });

  it('names every row that does not balance, and exits 1', async () => {
    // A ticket from nowhere, a coupon from nowhere, a batch coupon too many, an entry paid more
    // than its answers, a payout without a claim, and a player marked deleted whose data stays.
    const [ticket] = await db()
      .insert(walletTickets)
      .values({ userId: player.user.id, source: 'token_reward' })
      .returning({ id: walletTickets.id });
    const free = {
      userId: player.user.id,
      type: 'coupon_reward' as const,
      value: 10,
      valueCents: 1000,
      couponType: 'Dinerland',
      kind: 'gift_card' as const,
      message: 'free',
    };
    const [stray] = await db().insert(rewards).values(free).returning({ id: rewards.id });
    await db()
      .insert(rewards)
      .values({ ...free, drawEntryId: entryId });
    const [prize] = await db()
      .update(grandPrizes)
      .set({ paidAt: new Date() })
      .where(eq(grandPrizes.userId, player.user.id))
      .returning({ id: grandPrizes.id });
    const sneaky = await signedInPlayer(app);
    await db()
      .update(users)
      .set({ phone: null, deletedAt: new Date() })
      .where(eq(users.id, sneaky.user.id));
    const [entry] = await db()
      .insert(drawEntries)
      .values({
        drawId: sql`(select id from draws where status = 'open')`,
        userId: player.user.id,
        source: 'wallet',
      })
      .returning({ id: drawEntries.id });
    await db().update(drawEntries).set({ paidAnswers: 3 }).where(eq(drawEntries.id, entry!.id));

    const { code, stdout } = await ops('audit');
    expect(code).toBe(1);
    const findings = stdout.split('\n').filter((line) => line.startsWith('NOT BALANCED'));
    const expected = [
      `token tickets: wallet ticket ${ticket!.id}: no token reward of its player`,
      `first-skip coupons: coupon ${stray!.id}: neither of a batch nor the first skip's`,
      `batch coupons: draw entry ${entryId}: 2 coupons for ${QUESTIONS_PER_BATCH} paid answers`,
      `answers paid: draw entry ${entry!.id}: 3 answers counted paid, 0 paid`,
      `payouts: grand prize ${prize!.id}: paid without a claim`,
      `deleted players: deleted player ${sneaky.user.id}: 1 sessions`,
      `deleted players: deleted player ${sneaky.user.id}: 1 wallet tickets`,
    ];
    for (const finding of expected) expect(findings).toContain(`NOT BALANCED  ${finding}`);
    expect(stdout).toMatch(/^\d+ rows not balanced$/m);
  });
});
