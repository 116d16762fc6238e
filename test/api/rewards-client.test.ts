// The app's rewards after a questionnaire, through the real API client (src/lib/api.ts) and the
// questionnaire's own actor against the real server: one request (POST rewards) pays the
// entry's answers and says which rewards to play, those not shown yet; no second GET.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import { createQuestionnaireActors } from '../../machines/questionnaire/questionnaire.actors';
import { api } from '../../src/lib/api';
import { bearer, couponOffer, databases, numberedQuestions, useRewardsApp } from './helper';

describe.each(databases)('the rewards the app plays after a questionnaire (%s)', (kind) => {
  const { app, answering } = useRewardsApp(kind, {
    questions: numberedQuestions(QUESTIONS_PER_BATCH, 'c', 'Client question'),
    offers: [couponOffer('c-camp', 'Camp Corner', ['outdoors'], 'CAMP-5')],
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
      const answer = await app().inject({
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
  const answeredABatch = () => answering(Array<boolean>(QUESTIONS_PER_BATCH).fill(true));

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
