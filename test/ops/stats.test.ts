// A scripted day of 20 players through the API: what `ops stats` prints of it (daily figures
// and each flow's funnel), and the page views `npm run flows -- --stats` draws on the charts.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateInviteResponse,
  DrawEntryResponse,
  GrandPrizeListResponse,
} from '../../contract/api';
import { NextQuestionResponse } from '../../contract/questionnaires';
import { RewardsResponse } from '../../contract/rewards';
import type { FlowStats } from '../../scripts/flows/docs';
import { renderFlows } from '../../scripts/flows/docs';
import {
  asPlayer,
  databases,
  rewardsCatalog,
  signedInPlayer,
  url,
  useTestApp,
} from '../api/helper';
import { dataDirWithDatabase } from '../support/pglite-template';
import { finish, opsOver, start, startServer, type RunningServer } from './helper';

type Player = Awaited<ReturnType<typeof signedInPlayer>>;

/** The figures of today's row of `ops stats`, by heading order. */
function todayRow(stdout: string): number[] {
  const today = new Date().toISOString().slice(0, 10);
  const row = stdout.split('\n').find((line) => line.startsWith(today));
  if (!row) throw new Error(`no row for ${today}:\n${stdout}`);
  return row.trim().split(/\s+/).slice(1).map(Number);
}

/** The views and players `ops stats` prints for `path` under the funnel `name`. */
function funnelStep(stdout: string, name: string, path: string): [number, number] {
  const lines = stdout.split('\n');
  const start = lines.indexOf(name);
  if (start < 0) throw new Error(`no funnel ${name}:\n${stdout}`);
  const step = lines
    .slice(start + 1)
    .find((line) => line.startsWith('  ') && line.trim().split(/\s+/)[0] === path);
  const match = /(\d+) views\s+(\d+) players/.exec(step ?? '');
  if (!match) throw new Error(`no step ${path} in ${name}:\n${stdout}`);
  return [Number(match[1]), Number(match[2])];
}

describe.each(databases)('ops stats over a scripted day of 20 players (%s)', (kind) => {
  const { app } = useTestApp(kind, { catalog: rewardsCatalog });
  let address = 0;
  const batch = (payload: Record<string, unknown>) =>
    app().inject({
      method: 'POST',
      url: url('analytics'),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
      remoteAddress: `10.91.${Math.floor(address / 250)}.${(address += 1) % 250}`,
    });
  const views = (...paths: string[]) => paths.map((path) => ({ path, platform: 'ios' }));

  it('prints the figures and funnels of the day, and the charts carry the page views', async () => {
    // The entry flow: 25 visitors open the invite link, 20 of them reach /login.
    const reached = [25, 23, 22, 21, 20];
    const entryPaths = ['/', '/disclaimer', '/invite-code', '/onboarding', '/login'];
    for (let visitor = 0; visitor < 25; visitor += 1) {
      const seen = entryPaths.filter((_, step) => visitor < (reached[step] ?? 0));
      expect((await batch({ page_views: views(...seen) })).statusCode).toBe(202);
    }

    // 20 players sign up: 18 with campaign codes, then the first one invites 3 friends, two of
    // whom sign up with the personal codes.
    const players: Player[] = [];
    for (let n = 0; n < 18; n += 1) players.push(await signedInPlayer(app()));
    const inviter = asPlayer(app(), players[0]!.token);
    const codes: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      codes.push(CreateInviteResponse.parse((await inviter('POST', 'invites', {})).json()).code);
    }
    players.push(await signedInPlayer(app(), codes[0]));
    players.push(await signedInPlayer(app(), codes[1]));
    expect(players).toHaveLength(20);

    // Every player presses the button.
    const entries = new Map<string, number>();
    for (const player of players) {
      const pressed = await asPlayer(app(), player.token)('POST', 'draw_entries', {});
      expect(pressed.statusCode).toBe(201);
      entries.set(player.token, DrawEntryResponse.parse(pressed.json()).data.id);
      const sent = await batch({
        token: player.token,
        page_views: views('/home', '/youve-entered'),
      });
      expect(sent.statusCode).toBe(202);
    }

    // 8 players tap 'Win MORE' and answer 5 questions; their rewards are paid and they claim
    // every coupon.
    let claimed = 0;
    for (const player of players.slice(0, 8)) {
      const call = asPlayer(app(), player.token);
      const entry = entries.get(player.token);
      for (let n = 0; n < 5; n += 1) {
        const next = NextQuestionResponse.parse(
          (await call('GET', 'questionnaires/next')).json(),
        ).data;
        const answered = await call('PATCH', `questionnaires/${next.id}`, {
          question_prompt: next.attributes.next_question,
          answer: n % 2 === 0,
          draw_entry_id: entry,
          isSkipped: false,
        });
        expect(answered.statusCode).toBe(200);
      }
      const paid = RewardsResponse.parse(
        (await call('POST', 'rewards', { draw_entry_id: entry })).json(),
      ).data;
      for (const reward of paid.filter((r) => r.type === 'coupon_reward')) {
        expect((await call('POST', `rewards/${reward.id}/claim`, {})).statusCode).toBe(200);
        claimed += 1;
      }
      const sent = await batch({
        token: player.token,
        page_views: views('/what-i-like', '/questionnaire', '/rewards'),
        clicks: [
          { event_name: 'win_more_clicked', page_url: '/what-i-like', platform: 'ios' },
          { event_name: 'what_i_like_clicked', page_url: '/what-i-like', platform: 'ios' },
        ],
      });
      expect(sent.statusCode).toBe(202);
    }
    expect(claimed).toBeGreaterThan(0);

    // The draw closes: its winner claims the grand prize from /grandPrize and is paid.
    await app().services.draws.closeNow();
    let winner: { player: Player; prizeId: string } | null = null;
    for (const player of players) {
      const prizes = GrandPrizeListResponse.parse(
        (await asPlayer(app(), player.token)('GET', 'grand_prizes')).json(),
      ).data;
      if (prizes[0]) winner = { player, prizeId: prizes[0].id };
    }
    if (!winner) throw new Error('the draw had no winner');
    const claim = await asPlayer(app(), winner.player.token)(
      'POST',
      'reward_payment_choices/claim',
      { grand_prize_id: winner.prizeId, payment_method: 'PayPal', email: 'winner@example.com' },
    );
    expect(claim.statusCode).toBe(201);
    expect(
      (await batch({ token: winner.player.token, page_views: views('/winnings', '/grandPrize') }))
        .statusCode,
    ).toBe(202);
    const ops = opsOver(app().services);
    expect((await ops('payouts', 'paid', winner.prizeId)).code).toBe(0);

    const printed = await ops('stats', '--days', '1');
    expect(printed.code).toBe(0);
    expect(printed.stderr).toBe('');
    expect(printed.stdout).toMatch(
      /^day\s+sign-ups\s+active\s+presses\s+answers\s+rewards claimed\s+invites sent\s+invites accepted\s+prizes claimed\s+prizes paid\s+page views\s+clicks$/m,
    );
    // 25 + 23 + 22 + 21 + 20 entry views, 2 per player, 3 per answering player, 2 of the winner.
    const pageViews = 111 + 40 + 24 + 2;
    expect(todayRow(printed.stdout)).toEqual([
      20, // sign-ups
      20, // active players
      20, // presses
      40, // answers
      claimed, // rewards claimed
      3, // invites sent
      2, // invites accepted
      1, // grand prizes claimed
      1, // grand prizes paid
      pageViews,
      16, // clicks
    ]);
    expect(printed.stdout).toContain(
      `By platform: page views iOS ${pageViews}, Android 0, Other 0; clicks iOS 16, Android 0, Other 0\n`,
    );
    expect(funnelStep(printed.stdout, 'Sign-up (entry flow)', '/')).toEqual([25, 0]);
    expect(funnelStep(printed.stdout, 'Sign-up (entry flow)', '/login')).toEqual([20, 0]);
    expect(funnelStep(printed.stdout, 'Sign-up (entry flow)', '/home')).toEqual([20, 20]);
    expect(funnelStep(printed.stdout, 'Draw and questions', '/youve-entered')).toEqual([20, 20]);
    expect(funnelStep(printed.stdout, 'Draw and questions', '/questionnaire')).toEqual([8, 8]);
    expect(funnelStep(printed.stdout, 'Winnings', '/grandPrize')).toEqual([1, 1]);
    expect(funnelStep(printed.stdout, 'Wallet', '/wallet')).toEqual([0, 0]);

    // `npm run flows -- --stats` reads `ops stats --json` and draws it on the charts.
    const json = await ops('stats', '--days', '1', '--json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as FlowStats;
    const pages = await renderFlows(process.cwd(), report);
    expect(pages.get('entryFlow.md')).toContain(
      'state "startingPage · / · 25 views · 0 players" as startingPage',
    );
    expect(pages.get('entryFlow.md')).toContain(
      'state "verification · /login · 20 views · 0 players" as verification',
    );
    expect(pages.get('questionsFlow.md')).toContain('/youve-entered · 20 views · 20 players');
    expect(pages.get('winnings.md')).toContain('/grandPrize · 1 view · 1 player');
  });
});

describe('npm run flows -- --stats on an embedded data dir', () => {
  const out = join(tmpdir(), `bb-flows-stats-out-${process.pid}`);
  let dataDir = '';
  const env = () => ({ DATA_DIR: dataDir });
  let server: RunningServer | undefined;
  beforeAll(() => {
    dataDir = dataDirWithDatabase('bb-flows-stats-');
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });
  const flowsStats = () =>
    finish(start('scripts/flows.ts', ['--stats', '--days', '1', '--out', out], env()));
  const disclaimerLine = () =>
    readFileSync(join(out, 'entryFlow.md'), 'utf8')
      .split('\n')
      .find((line) => line.includes('as disclaimer'));

  it('reads the counts through the running server, then with no server, never both at once', async () => {
    server = await startServer(env());
    const sent = await fetch(`${server.baseUrl}/api/v1/analytics`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page_views: [{ path: '/disclaimer', platform: 'other' }] }),
    });
    expect(sent.status).toBe(202);
    // The server holds the data dir: the command goes through its ops socket.
    const through = await flowsStats();
    expect(through.stderr).toBe('');
    expect(through.code).toBe(0);
    expect(disclaimerLine()).toContain('disclaimer · /disclaimer · 1 view · 0 players');

    server.child.kill('SIGTERM');
    await server.exited;
    // No server: the command takes the data dir's lock and opens it itself.
    const alone = await flowsStats();
    expect(alone.code).toBe(0);
    expect(disclaimerLine()).toContain('disclaimer · /disclaimer · 1 view · 0 players');
  });
});
