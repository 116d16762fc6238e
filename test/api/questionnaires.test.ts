// The questionnaire calls on PGlite and PostgreSQL: the next question a player has left, an
// answer (or a skip) kept once against an entry of theirs, the finished check, skipping a
// questionnaire, and every refusal.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DrawEntryResponse, LoginResponse, TimerResponse } from '../../contract/api';
import {
  AnswerResponse,
  HasFinishedResponse,
  NextQuestionResponse,
  NO_QUESTION_LEFT,
  QUESTIONS_PER_BATCH,
  TELL_US_MORE_OFF,
  TellUsMoreResponse,
} from '../../contract/questionnaires';
import { answers } from '../../server/db/schema';
import {
  bearer,
  buildTestApp,
  databases,
  detailOf,
  freshCode,
  loadCatalog,
  numberedQuestions,
  signedInPlayer,
  url,
  useDatabase,
  verifyCode,
} from './helper';
import { expectBooksBalance } from './integrity';

const CATALOG_SIZE = 7;

describe.each(databases)('the questionnaire on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database());
    await loadCatalog(app, {
      questions: numberedQuestions(CATALOG_SIZE, 'n', 'Question number', (i) => [
        i % 2 === 0 ? 'outdoors' : 'food',
      ]),
    });
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    token?: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url: url(path),
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const next = async (token: string) =>
    NextQuestionResponse.parse((await call('GET', 'questionnaires/next', token)).json()).data;
  const enter = async (token: string) =>
    DrawEntryResponse.parse((await call('POST', 'draw_entries', token, {})).json()).data;
  /** A signed-in player with the entry of a press. */
  const player = async () => {
    const signedIn = await signedInPlayer(app);
    return { ...signedIn, entry: await enter(signedIn.token) };
  };
  const answer = (token: string, id: string | number, body: Record<string, unknown>) =>
    call('PATCH', `questionnaires/${id}`, token, body);
  const yes = (entryId: number) => ({
    question_prompt: 'Question?',
    answer: true,
    draw_entry_id: entryId,
    isSkipped: false,
  });
  const hasFinished = async (token: string) =>
    HasFinishedResponse.parse(
      (await call('GET', 'questionnaires/has_finished_questionnaire', token)).json(),
    ).data.data;

  it('refuses every call without a session', async () => {
    const calls = [
      ['GET', 'questionnaires/next', undefined],
      ['PATCH', 'questionnaires/1', yes(1)],
      ['GET', 'questionnaires/has_finished_questionnaire', undefined],
      ['POST', 'questionnaires/skip_questionnaire', { draw_entry_id: 1 }],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await call(method, path, undefined, body)).statusCode).toBe(401);
    }
  });

  it('gives the first question the player has left, then the next once it is answered', async () => {
    const { token, entry } = await player();
    const first = await next(token);
    expect(first.attributes).toEqual({ next_question: 'Question number 0?', finished: false });
    const answered = await answer(token, first.id, yes(entry.id));
    expect(answered.statusCode).toBe(200);
    expect(AnswerResponse.parse(answered.json()).data.attributes).toEqual({
      answer: true,
      skipped: false,
      draw_entry_id: entry.id,
    });
    expect((await next(token)).attributes.next_question).toBe('Question number 1?');
  });

  it('keeps the first answer: a repeat is answered with what was kept, and nothing more is stored', async () => {
    const { token, entry, user } = await player();
    const { id } = await next(token);
    await answer(token, id, yes(entry.id));
    const repeat = await answer(token, id, { ...yes(entry.id), answer: false });
    expect(repeat.statusCode).toBe(200);
    expect(AnswerResponse.parse(repeat.json()).data.attributes.answer).toBe(true);
    const rows = await database()
      .db.select()
      .from(answers)
      .where(and(eq(answers.userId, user.id), eq(answers.questionId, Number(id))));
    expect(rows).toHaveLength(1);
  });

  it('keeps one answer when two for the same question arrive together', async () => {
    const { token, entry, user } = await player();
    const { id } = await next(token);
    const both = await Promise.all([
      answer(token, id, yes(entry.id)),
      answer(token, id, { ...yes(entry.id), answer: false }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const kept = both.map((r) => AnswerResponse.parse(r.json()).data.attributes.answer);
    expect(kept[0]).toBe(kept[1]);
    const rows = await database()
      .db.select()
      .from(answers)
      .where(and(eq(answers.userId, user.id), eq(answers.questionId, Number(id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answer).toBe(kept[0]);
    await expectBooksBalance(app);
  });

  it('records answers arriving together in one go, each by its session, refusing a dead one', async () => {
    const sessionOf = (token: string) =>
      (
        JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
          sid: string;
        }
      ).sid;
    const one = await player();
    const otherDevice = await app.services.sessions.open(database().db, one.user.id);
    const gone = await player();
    expect((await call('POST', 'users/logout', gone.token, {})).statusCode).toBe(200);
    const stranger = await player();
    const id = Number((await next(one.token)).id);
    const input = (entryId: number, answer: boolean) => ({
      answer,
      drawEntryId: entryId,
      isSkipped: false,
    });
    // Called in one turn: one statement for all of them.
    const settled = await Promise.allSettled([
      app.services.questionnaires.answerInSession(
        sessionOf(one.token),
        id,
        input(one.entry.id, true),
      ),
      app.services.questionnaires.answerInSession(otherDevice.id, id, input(one.entry.id, false)),
      app.services.questionnaires.answerInSession(
        sessionOf(gone.token),
        id,
        input(gone.entry.id, true),
      ),
      app.services.questionnaires.answerInSession(
        sessionOf(stranger.token),
        id,
        input(one.entry.id, true),
      ),
      app.services.questionnaires.answerInSession(
        sessionOf(stranger.token),
        id,
        input(stranger.entry.id, false),
      ),
    ]);
    expect(settled.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const values = settled.map((r) => (r.status === 'fulfilled' ? r.value : null));
    // One player from two devices: the first answer is kept, and both are told so.
    expect(values[0]).toEqual({ answer: true, skipped: false, drawEntryId: one.entry.id });
    expect(values[1]).toEqual(values[0]);
    expect(values[2]).toBeNull();
    expect(settled[3]).toMatchObject({ reason: { statusCode: 404 } });
    expect(values[4]).toEqual({ answer: false, skipped: false, drawEntryId: stranger.entry.id });
    expect(await database().db.$count(answers, eq(answers.userId, one.user.id))).toBe(1);
    expect(await database().db.$count(answers, eq(answers.userId, gone.user.id))).toBe(0);
    expect((await answer(gone.token, id, yes(gone.entry.id))).statusCode).toBe(401);
    await expectBooksBalance(app);
  });

  it('keeps a skipped question as skipped, without a yes or a no', async () => {
    const { token, entry } = await player();
    const { id } = await next(token);
    const skipped = await answer(token, id, { ...yes(entry.id), isSkipped: true });
    expect(AnswerResponse.parse(skipped.json()).data.attributes).toMatchObject({
      answer: null,
      skipped: true,
    });
    expect((await next(token)).id).not.toBe(id);
  });

  it('says which question is the last left, then 404 with the spec’s words', async () => {
    const { token, entry } = await player();
    const tellUsMore = async () =>
      TimerResponse.parse((await call('GET', 'questionnaires/get_timer', token)).json())
        .show_tell_us_more;
    expect(await tellUsMore()).toBe(true);
    for (let i = 0; i < CATALOG_SIZE; i += 1) {
      const question = await next(token);
      expect(question.attributes.finished).toBe(i === CATALOG_SIZE - 1);
      await answer(token, question.id, yes(entry.id));
    }
    const none = await call('GET', 'questionnaires/next', token);
    expect(none.statusCode).toBe(404);
    expect(detailOf(none)).toBe(NO_QUESTION_LEFT);
    // Nothing left to answer: the Tell Us More tab goes.
    expect(await tellUsMore()).toBe(false);
  });

  it('answers 404 for a question that does not exist and for another player’s entry', async () => {
    const { token, entry } = await player();
    const other = await player();
    const unknown = await answer(token, 2_147_483_647, yes(entry.id));
    expect(unknown.statusCode).toBe(404);
    const { id } = await next(token);
    const foreign = await answer(token, id, yes(other.entry.id));
    expect(foreign.statusCode).toBe(404);
    expect(detailOf(foreign)).toBe('Unknown entry');
    const huge = await answer(token, id, yes(Number.MAX_SAFE_INTEGER));
    expect(huge.statusCode).toBe(404);
    // Nothing was kept: the question is still the next one.
    expect((await next(token)).id).toBe(id);
  });

  it('refuses a body that is not an answer with 422, and keeps nothing', async () => {
    const { token, entry } = await player();
    const { id } = await next(token);
    for (const body of [
      {},
      { ...yes(entry.id), answer: 'yes' },
      { ...yes(entry.id), draw_entry_id: -1 },
      { ...yes(entry.id), draw_entry_id: 1.5 },
      { ...yes(entry.id), question_prompt: 'a\u0000b' },
      { ...yes(entry.id), extra: true },
    ]) {
      const response = await answer(token, id, body);
      expect(response.statusCode).toBe(422);
    }
    // A path id that is no number is refused as such; one past the column's range names nothing.
    expect((await call('PATCH', 'questionnaires/abc', token, yes(entry.id))).statusCode).toBe(422);
    expect((await answer(token, 2_147_483_648, yes(entry.id))).statusCode).toBe(404);
    expect((await next(token)).id).toBe(id);
  });

  it('has finished a questionnaire once a whole batch is answered', async () => {
    const { token, entry } = await player();
    expect(await hasFinished(token)).toBe(false);
    for (let i = 0; i < QUESTIONS_PER_BATCH; i += 1) {
      expect(await hasFinished(token)).toBe(false);
      await answer(token, (await next(token)).id, yes(entry.id));
    }
    expect(await hasFinished(token)).toBe(true);
  });

  it('skips the questionnaire of an entry of the player’s, once, and counts it as finished', async () => {
    const { token, entry } = await player();
    const other = await player();
    const skip = (body: unknown) => call('POST', 'questionnaires/skip_questionnaire', token, body);
    expect((await skip({ draw_entry_id: other.entry.id })).statusCode).toBe(404);
    expect((await skip({ draw_entry_id: 'one' })).statusCode).toBe(422);
    expect((await skip({})).statusCode).toBe(422);
    expect(await hasFinished(token)).toBe(false);
    const skipped = await skip({ draw_entry_id: entry.id });
    expect(skipped.statusCode).toBe(201);
    expect(skipped.json()).toEqual({ data: { draw_entry_id: entry.id, skipped: true } });
    expect((await skip({ draw_entry_id: entry.id })).statusCode).toBe(201);
    expect(await hasFinished(token)).toBe(true);
    expect(await hasFinished(other.token)).toBe(false);
  });

  it('starts Tell Us More with the player’s entry in the open draw, pressing for them once', async () => {
    const { token } = await signedInPlayer(app);
    const start = () =>
      call('POST', 'questionnaires/tell_us_more', token, { is_from_tell_us_more: true });
    const first = await start();
    expect(first.statusCode).toBe(201);
    const entry = TellUsMoreResponse.parse(first.json()).data.data;
    expect(entry.source).toBe('button');
    // The same entry again, and the button's press finds it too: one entry per draw.
    expect(TellUsMoreResponse.parse((await start()).json()).data.data.id).toBe(entry.id);
    expect((await enter(token)).id).toBe(entry.id);
    const pressed = await player();
    const withPress = await call('POST', 'questionnaires/tell_us_more', pressed.token, {
      is_from_tell_us_more: true,
    });
    expect(TellUsMoreResponse.parse(withPress.json()).data.data.id).toBe(pressed.entry.id);
    for (const body of [{}, { is_from_tell_us_more: false }, { is_from_tell_us_more: 'true' }]) {
      expect((await call('POST', 'questionnaires/tell_us_more', token, body)).statusCode).toBe(422);
    }
  });

  it('refuses Tell Us More when nothing is left, and while the operator has it off', async () => {
    const { token, entry } = await player();
    for (let i = 0; i < CATALOG_SIZE; i += 1) {
      await answer(token, (await next(token)).id, yes(entry.id));
    }
    const none = await call('POST', 'questionnaires/tell_us_more', token, {
      is_from_tell_us_more: true,
    });
    expect(none.statusCode).toBe(404);
    expect(detailOf(none)).toBe(NO_QUESTION_LEFT);
    const off = await buildTestApp(database(), { config: { FEATURE_TELL_US_MORE: 'off' } });
    const fresh = await signedInPlayer(off);
    const refused = await off.inject({
      method: 'POST',
      url: url('questionnaires/tell_us_more'),
      headers: bearer(fresh.token),
      payload: { is_from_tell_us_more: true },
    });
    expect(refused.statusCode).toBe(404);
    expect(detailOf(refused)).toBe(TELL_US_MORE_OFF);
  });

  it('counts the answers in the sign-in answer (questionnaires_count)', async () => {
    const { token, entry, phone } = await player();
    await answer(token, (await next(token)).id, yes(entry.id));
    await answer(token, (await next(token)).id, { ...yes(entry.id), isSkipped: true });
    await answer(token, (await next(token)).id, { ...yes(entry.id), answer: false });
    const again = await verifyCode(app, phone, await freshCode(app, phone));
    expect(LoginResponse.parse(again.json()).questionnaires_count).toBe(2);
  });
});
