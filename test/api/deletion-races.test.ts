// A deletion racing the player's own writes, on PGlite and PostgreSQL (DESIGN section 4): the
// deletion is one act, so of fifty writes of each kind sent together with it, whatever landed
// before it is erased with the rest and whatever comes after is refused (401); nothing personal
// of the player survives, no request fails with a server error, and the books balance. A
// deleted player's entry is withdrawn from the open draw and never wins.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DrawEntryResponse, GrandPrizeListResponse } from '../../contract/api';
import { NextQuestionResponse } from '../../contract/questionnaires';
import { RewardsResponse } from '../../contract/rewards';
import { clicks, draws, users } from '../../server/db/schema';
import {
  bearer,
  couponOffer,
  databases,
  loadCatalog,
  numberedQuestions,
  signedInPlayer,
  url,
  useDatabase,
} from './helper';
import { buildLoggedApp, expectBooksBalance, type LogLine } from './integrity';

type Player = Awaited<ReturnType<typeof signedInPlayer>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const RACING_WRITES = 50;
const QUESTIONS = 120;

describe.each(databases)('deletion racing writes on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;
  let errors: () => LogLine[];

  beforeAll(async () => {
    ({ app, errors } = await buildLoggedApp(database()));
    await loadCatalog(app, {
      questions: numberedQuestions(QUESTIONS, 'd', 'Deletion question'),
      offers: [couponOffer('d-camp', 'Camp Corner', ['outdoors'], 'CAMP-5')],
    });
  });

  const call = (method: Method, path: string, token: string, body?: object) =>
    app.inject({
      method,
      url: url(path),
      headers: bearer(token),
      ...(body === undefined ? {} : { payload: body }),
    });
  const press = async (player: Player) =>
    DrawEntryResponse.parse((await call('POST', 'draw_entries', player.token, {})).json()).data;
  /** The player's next questions, as the app would show them one by one. */
  const questionIds = async (player: Player, count: number) => {
    const next = NextQuestionResponse.parse(
      (await call('GET', 'questionnaires/next', player.token)).json(),
    ).data;
    return Array.from({ length: count }, (_, i) => Number(next.id) + i);
  };
  const answerBody = (entryId: number, i: number) => ({
    question_prompt: `Deletion question ${i}?`,
    answer: i % 2 === 0,
    draw_entry_id: entryId,
    isSkipped: i % 7 === 0,
  });

  /**
   * Sends `writes` together with the player's deletion (in the middle of them), then checks
   * that the deletion succeeded, nothing answered 5xx, and the books balance: the audit's
   * 'deleted players' check finds nothing of the player left but anonymised prize records.
   */
  const race = async (player: Player, writes: Array<() => Promise<LightMyRequestResponse>>) => {
    const half = Math.floor(writes.length / 2);
    const sent = [
      ...writes.slice(0, half).map((write) => write()),
      call('DELETE', `users/registrations/${player.user.id}`, player.token),
      ...writes.slice(half).map((write) => write()),
    ];
    const answered = await Promise.all(sent);
    const deletion = answered[half];
    expect(deletion?.statusCode).toBe(200);
    const statuses = answered.map((response) => response.statusCode);
    expect(errors().map((line) => line.err ?? line.msg)).toEqual([]);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const [row] = await database()
      .db.select({ deletedAt: users.deletedAt, phone: users.phone })
      .from(users)
      .where(eq(users.id, player.user.id));
    expect(row).toMatchObject({ phone: null, deletedAt: expect.any(Date) as Date });
    await expectBooksBalance(app);
    return statuses;
  };
  const times = (write: (i: number) => Promise<LightMyRequestResponse>) =>
    Array.from({ length: RACING_WRITES }, (_, i) => () => write(i));

  it('leaves no contact message of a player deleted while sending them', async () => {
    const player = await signedInPlayer(app);
    await race(
      player,
      times((i) =>
        call('POST', 'contact-us/send-email', player.token, {
          subject: `Help ${i}`,
          message: 'Something went wrong.',
        }),
      ),
    );
  });

  it('leaves no answer of a player deleted while answering', async () => {
    const player = await signedInPlayer(app);
    const entry = await press(player);
    const ids = await questionIds(player, RACING_WRITES);
    await race(
      player,
      times((i) =>
        call('PATCH', `questionnaires/${ids[i]}`, player.token, answerBody(entry.id, i)),
      ),
    );
  });

  it('leaves no ticket or coupon of a player deleted while claiming rewards', async () => {
    const player = await signedInPlayer(app);
    // Answers in many entries (a press, then wallet entries), each claimed many times.
    const entries = [await press(player)];
    const ids = await questionIds(player, 20);
    for (const [i, id] of ids.entries()) {
      const answered = await call('PATCH', `questionnaires/${id}`, player.token, {
        ...answerBody(entries[0]!.id, i),
        isSkipped: false,
      });
      expect(answered.statusCode).toBe(200);
    }
    await race(
      player,
      times(() => call('POST', 'rewards', player.token, { draw_entry_id: entries[0]!.id })),
    );
  });

  it('leaves no skip, wishlist coupon or click of a player deleted while skipping', async () => {
    const player = await signedInPlayer(app);
    const entry = await press(player);
    await race(
      player,
      times((i) => {
        if (i % 3 === 0) {
          return call('POST', 'questionnaires/skip_questionnaire', player.token, {
            draw_entry_id: entry.id,
          });
        }
        if (i % 3 === 1) {
          return call('POST', 'questionnaires/create_coupon_from_wishlist', player.token, {
            is_first_skip_reward: true,
          });
        }
        return call('POST', 'clicks', player.token, {
          click: { event_name: 'questionnaire_skipped', page_url: '/what-i-like', metadata: {} },
        });
      }),
    );
  });

  it('leaves no entry in the open draw, ticket or invite of a player deleted while pressing', async () => {
    const player = await signedInPlayer(app);
    await race(
      player,
      times((i) => {
        if (i % 3 === 0) return call('POST', 'draw_entries', player.token, {});
        if (i % 3 === 1) return call('POST', 'wallet/entries', player.token, { count: 1 });
        return call('POST', 'invites', player.token);
      }),
    );
  });

  it('leaves no coupon claim or payout address not owed of a player deleted while claiming', async () => {
    const player = await signedInPlayer(app);
    await app.services.draws.closeNow();
    const entry = await press(player);
    expect((await app.services.draws.closeNow())?.winner?.userId).toBe(player.user.id);
    const [prize] = GrandPrizeListResponse.parse(
      (await call('GET', 'grand_prizes', player.token)).json(),
    ).data;
    const ids = await questionIds(player, 5);
    for (const [i, id] of ids.entries()) {
      await call('PATCH', `questionnaires/${id}`, player.token, {
        ...answerBody(entry.id, i),
        isSkipped: false,
      });
    }
    const coupon = RewardsResponse.parse(
      (await call('POST', 'rewards', player.token, { draw_entry_id: entry.id })).json(),
    ).data.find((reward) => reward.type === 'coupon_reward');
    await race(
      player,
      times((i) =>
        i % 2 === 0
          ? call('POST', `rewards/${coupon?.id}/claim`, player.token, {})
          : call('POST', 'reward_payment_choices/claim', player.token, {
              grand_prize_id: prize?.id,
              payment_method: 'PayPal',
              email: `winner${i}@example.com`,
            }),
      ),
    );
  });

  it('has the database refuse any row written for a deleted player, one or many at once', async () => {
    const gone = await signedInPlayer(app);
    const here = await signedInPlayer(app);
    await call('DELETE', `users/registrations/${gone.user.id}`, gone.token);
    const click = (userId: string) => ({ userId, eventName: 'black_button_click', pageUrl: '/' });
    const refusal = { cause: expect.objectContaining({ code: 'BB001' }) as unknown };
    await expect(database().db.insert(clicks).values(click(gone.user.id))).rejects.toMatchObject(
      refusal,
    );
    // A statement writing for several players fails whole when one of them is gone.
    await expect(
      database()
        .db.insert(clicks)
        .values([click(here.user.id), click(gone.user.id)]),
    ).rejects.toMatchObject(refusal);
    expect(await database().db.$count(clicks, eq(clicks.userId, here.user.id))).toBe(0);
    await database().db.insert(clicks).values(click(here.user.id));
    expect(await database().db.$count(clicks, eq(clicks.userId, here.user.id))).toBe(1);
  });

  it('withdraws a deleted player’s entry: a draw with no live entry closes with no winner', async () => {
    await app.services.draws.closeNow();
    const player = await signedInPlayer(app);
    await press(player);
    expect(
      (await call('DELETE', `users/registrations/${player.user.id}`, player.token)).statusCode,
    ).toBe(200);
    const closed = await app.services.draws.closeNow();
    expect(closed?.winner).toBeNull();
    const [record] = await database().db.select().from(draws).where(eq(draws.id, closed.draw.id));
    expect(record).toMatchObject({ status: 'closed', entriesCount: 0, winningEntryId: null });
    await expectBooksBalance(app);
  });

  it('never lets a deleted player win: the live player wins every draw', async () => {
    for (let round = 0; round < 6; round += 1) {
      await app.services.draws.closeNow();
      const leaving = await signedInPlayer(app);
      const staying = await signedInPlayer(app);
      await press(leaving);
      await press(staying);
      await call('POST', 'wallet/entries', leaving.token, { count: 1 });
      const deleted = await call('DELETE', `users/registrations/${leaving.user.id}`, leaving.token);
      expect(deleted.statusCode).toBe(200);
      const closed = await app.services.draws.closeNow();
      expect(closed?.winner?.userId).toBe(staying.user.id);
      expect(closed?.draw.entriesCount).toBe(1);
      // Anyone recomputing the draw from its public record finds the same winner.
      const verified = await app.services.draws.verify(closed.draw.id);
      expect(verified.mismatches).toEqual([]);
    }
    await expectBooksBalance(app);
  });
});
