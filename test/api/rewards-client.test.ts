// The app's rewards after a questionnaire, through the real API client (src/lib/api.ts) and the
// questionnaire's own actor against the real server: one request (POST rewards) pays the
// entry's answers and says which rewards to play, those not shown yet; no second GET.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { DrawEntryResponse } from '../../contract/api';
import { OfferCatalog, QuestionCatalog } from '../../contract/catalog';
import { NextQuestionResponse, QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import { createQuestionnaireActors } from '../../machines/questionnaire/questionnaire.actors';
import { api } from '../../src/lib/api';
import { bearer, buildTestApp, databases, signedInPlayer, url, useDatabase } from './helper';

describe.each(databases)('the rewards the app plays after a questionnaire (%s)', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database());
    await app.services.catalog.importQuestions(
      QuestionCatalog.parse({
        questions: Array.from({ length: QUESTIONS_PER_BATCH }, (_, i) => ({
          key: `c-q-${i}`,
          prompt: `Client question ${i}?`,
          tags: ['outdoors'],
        })),
      }),
    );
    await app.services.catalog.importOffers(
      OfferCatalog.parse({
        offers: [
          {
            key: 'c-camp',
            coupon_type: 'Camp Corner',
            kind: 'coupon',
            value: 5,
            image: '/images/rewards/coupon.svg',
            link: null,
            tags: ['outdoors'],
            code: 'CAMP-5',
            delivery_note: null,
          },
        ],
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The app's requests, answered by the server in-process, as `METHOD /path` in order. */
  function serveTheApp(token: string): string[] {
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (input: Request) => {
      const path = new URL(input.url).pathname;
      requests.push(`${input.method} ${path}`);
      const body = await input.text();
      const answer = await app.inject({
        method: input.method as 'GET' | 'POST',
        url: path,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        ...(body ? { payload: body } : {}),
      });
      return new Response(answer.statusCode === 204 ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    });
    return requests;
  }

  /** A player who pressed and answered a whole batch: a ticket per answer and a coupon due. */
  async function answeredABatch() {
    const player = await signedInPlayer(app);
    const call = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: object) =>
      app.inject({ method, url: url(path), headers: bearer(player.token), payload: body });
    const entry = DrawEntryResponse.parse((await call('POST', 'draw_entries', {})).json()).data;
    for (let i = 0; i < QUESTIONS_PER_BATCH; i += 1) {
      const next = NextQuestionResponse.parse((await call('GET', 'questionnaires/next')).json());
      await call('PATCH', `questionnaires/${next.data.id}`, {
        question_prompt: next.data.attributes.next_question,
        answer: true,
        draw_entry_id: entry.id,
        isSkipped: false,
      });
    }
    return { ...player, entry };
  }

  const claimRewards = (drawEntryId: number) =>
    toPromise(
      createActor(createQuestionnaireActors(api).claimRewards, {
        input: { drawEntryId, showRewards: true },
      }).start(),
    );

  it('pays and learns what to play in one request, and plays nothing twice', async () => {
    const player = await answeredABatch();
    const requests = serveTheApp(player.token);

    const played = await claimRewards(player.entry.id);
    expect(requests).toEqual(['POST /api/v1/rewards']);
    // A ticket per answer and the batch's coupon, made together.
    expect(played.map((reward) => reward.type).sort()).toEqual(['coupon_reward', 'token_reward']);
    const tickets = played.find((reward) => reward.type === 'token_reward');
    expect(tickets?.attributes.value).toBe(QUESTIONS_PER_BATCH);

    // Shown on /rewards: asked again (a reload), the same one request plays nothing.
    await api.markRewardsPlayedBack(played.map((reward) => reward.id));
    requests.length = 0;
    expect(await claimRewards(player.entry.id)).toEqual([]);
    expect(requests).toEqual(['POST /api/v1/rewards']);
  });
});
