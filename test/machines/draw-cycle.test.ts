import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, type ActorRefFrom, type AnyEventObject } from 'xstate';
import type { TimerResponse } from '../../contract/api';
import {
  createDrawCycleActors,
  msUntilNextTick,
} from '../../machines/draw-cycle/draw-cycle.actors';
import {
  drawCycleMachine,
  remainingSeconds,
  type DrawCycleEmitted,
  type SessionFlags,
} from '../../machines/draw-cycle/draw-cycle.machine';
import {
  DRAW_STORAGE_KEY,
  INITIAL_PERSISTED_DRAW,
  parsePersistedDraw,
  serializePersistedDraw,
  type PersistedDraw,
} from '../../machines/draw-cycle/draw-cycle.persistence';
import { formatCountdown } from '../../machines/draw-cycle/draw-cycle.selectors';
import { CARD_ARRIVAL_MS } from '../../machines/questionnaire/questionnaire.types';
import type { QuestionsFlowMachine } from '../../machines/questionnaire/questions-flow.machine';
import { writeKeptToDevice } from '../../machines/session/session.device';
import { standInRoot, standInScreen } from '../support/root-stand-in';
import { followRoutes } from './route-sync-miniature';
import { sendToScreen, where } from './running-steps';
import { ApiFailure } from '../../src/lib/api';
import {
  COUPON_REWARD,
  ENTRY,
  FakeCable,
  FakeDrawApi,
  FIRST_QUESTION,
  GIFT_CARD_REWARD,
  GRAND_PRIZE,
  hasFinished,
  SECOND_QUESTION,
  tellUsMoreStarted,
  TIMER_ENTERED,
  TIMER_NOT_ENTERED,
  TOKEN_REWARD,
} from '../model/helpers/draw-fake-api';
import { settle } from '../support/settle';

const T0 = Date.parse('2025-04-16T12:00:00.000Z');
const RETURNING: SessionFlags = {
  isFirstTimeUser: false,
  isFirstQuestionnaire: false,
  announcedGrandPrizeDrawIds: [],
};
const NEWCOMER: SessionFlags = {
  isFirstTimeUser: true,
  isFirstQuestionnaire: true,
  announcedGrandPrizeDrawIds: [],
};

/** Lets the fake calls' answers reach the machine. */
type StartOptions = {
  session?: SessionFlags;
  stored?: Partial<PersistedDraw> | null;
  /** How the first timer call is answered (null: the test answers by hand). */
  timer?: TimerResponse | null;
  /** How every grand-prize call is answered (null: the test answers by hand). */
  grandPrizes?: (typeof GRAND_PRIZE)[] | null;
  /** The player is on /home from the start (the screen says so when it opens). */
  onHome?: boolean;
  /**
   * How every has-finished check is answered (null: the test answers by hand); the draw asks
   * when the timer says the player's entry is in the open draw and the device knows of none.
   */
  hasFinished?: boolean | null;
};

/** Where the route sync moved the address bar, as the draw's screens asked. */
type Navigated = {
  type: 'navigate';
  to: string;
  state?: Record<string, unknown>;
  replace?: true;
};

async function start(options: StartOptions = {}) {
  const api = new FakeDrawApi();
  const cable = new FakeCable();
  if (options.timer !== null) {
    const timer = options.timer ?? TIMER_NOT_ENTERED;
    api.answerAlways('timer', () => Promise.resolve(timer));
  }
  if (options.grandPrizes !== null) {
    const prizes = options.grandPrizes ?? [];
    api.answerAlways('grandPrizes', () => Promise.resolve({ data: prizes }));
  }
  if (options.hasFinished !== null) {
    const finished = options.hasFinished ?? false;
    api.answerAlways('hasFinishedQuestionnaire', () => Promise.resolve(hasFinished(finished)));
  }
  // Analytics of the questions' buttons: taken at once.
  api.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  const clock = new SimulatedClock();
  clock.set(T0);
  const stored =
    options.stored === undefined || options.stored === null
      ? null
      : serializePersistedDraw({ ...INITIAL_PERSISTED_DRAW, ...options.stored });
  // The draw runs as the session's child, as in the app: the stand-in root takes its reports as
  // the session does (machines/shared/root.ts) and records what else the draw tells it.
  const toSession: AnyEventObject[] = [];
  const record = (event: AnyEventObject) => void toSession.push(event);
  const session = createActor(
    standInRoot({
      id: 'drawCycle',
      logic: drawCycleMachine.provide({ actors: createDrawCycleActors(api, cable.listen) }),
      input: { stored, flags: options.session ?? RETURNING, clock },
      heard: {
        'session.grandPrizeShown': record,
        'session.grandPrizesLoaded': record,
        'session.questionnaireFinished': record,
      },
    }),
    { clock, systemId: 'session' },
  );
  // What the root emits (the toasts), and what it keeps on the device, written by the app's
  // one writer (machines/session/session.device.ts).
  const emitted: DrawCycleEmitted[] = [];
  session.on('toast', (effect: DrawCycleEmitted) => void emitted.push(effect));
  writeKeptToDevice(session, storage);
  session.start();
  const actor = session.getSnapshot().children.drawCycle as ActorRefFrom<typeof drawCycleMachine>;
  // Where the root's screen took the address bar (the app's route sync, in miniature).
  const moves: Navigated[] = [];
  const routes = followRoutes(session, (move) =>
    moves.push({
      type: 'navigate',
      to: move.to,
      ...(move.state ? { state: move.state } : {}),
      ...(move.replace ? { replace: true as const } : {}),
    }),
  );
  /** The player opens `path` (a tab, a link, Back): the session passes it on. */
  const open = (path: string) =>
    routes.opening(path, () => actor.send({ type: 'route.opened', path }));
  if (options.onHome ?? true) open('/home');
  await settle();
  const context = () => actor.getSnapshot().context;
  /** The session's flags change: the session tells the draw. */
  const setSession = (flags: SessionFlags) => actor.send({ type: 'session.flagsChanged', flags });
  /** Moves real time on second by second, as the browser would tick. */
  const seconds = async (n: number) => {
    for (let i = 0; i < n; i += 1) clock.increment(1000);
    await settle();
  };
  const press = () => actor.send({ type: 'draw.press' });
  const navigations = () => moves;
  const toasts = () => emitted.flatMap((e) => (e.type === 'toast' ? [e.message] : []));
  /** The questions flow the draw runs (after a press, or at an address of its screens). */
  const flow = () =>
    actor.getSnapshot().children.questionsFlow as ActorRefFrom<QuestionsFlowMachine> | undefined;
  /** The player taps what the screen shows (the running step of the flow takes it). */
  const tap = async (event: AnyEventObject) => {
    const running = flow();
    if (!running) throw new Error('The questions flow is not running');
    sendToScreen(running, event);
    await settle();
  };
  /** Answers the newest waiting call of `name` and lets the machines take the answer. */
  const answer = async (name: Parameters<FakeDrawApi['resolve']>[0], value: unknown) => {
    api.resolve(name, value);
    await settle();
  };
  return {
    actor,
    /** Stops the draw as signing out does: its parent stops. */
    stop: () => session.stop(),
    api,
    cable,
    clock,
    emitted,
    toSession,
    context,
    seconds,
    press,
    navigations,
    open,
    toasts,
    setSession,
    flow,
    tap,
    answer,
    /** The route on display: the one the draw or a step of its flow reported last. */
    route: () => standInScreen(session.getSnapshot())?.route ?? null,
    /** Where the flow is, with its running step's state inside. */
    flowAt: () => {
      const running = flow();
      return running ? where(running) : null;
    },
  };
}

/** Web Storage for the node test environment. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

let storage: Storage;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('draw cycle: pressing the black button', () => {
  it('goes to /youve-entered, stores hasClickedButton and marks the entry at once', async () => {
    const draw = await start();
    expect(draw.context().canEnterDraw).toBe(true);
    draw.clock.increment(250);
    draw.press();
    expect(draw.navigations()).toEqual([{ type: 'navigate', to: '/youve-entered' }]);
    expect(storage.getItem('hasClickedButton')).toBe('true');
    expect(draw.context()).toMatchObject({
      hasEnteredDrawInSession: true,
      canEnterDraw: false,
      lastDrawEntered: T0 + 250,
    });
    expect(draw.actor.getSnapshot().matches({ entry: 'entering' })).toBe(true);
    expect(draw.api.count('enterDraw')).toBe(1);
  });

  it('sends nothing for a second press while entering, and records the entry once', async () => {
    const draw = await start();
    draw.press();
    draw.press();
    draw.press();
    expect(draw.api.count('enterDraw')).toBe(1);
    expect(draw.navigations()).toHaveLength(1);
    draw.api.resolve('enterDraw', { data: ENTRY });
    await settle();
    expect(draw.context().draw_entries).toEqual([ENTRY]);
    expect(draw.context().currentDrawEntry).toEqual(ENTRY);
    draw.press();
    expect(draw.api.count('enterDraw')).toBe(1);
  });

  it('creates no entry when a draw entry or a questionnaire already exists', async () => {
    for (const stored of [
      { currentDrawEntry: ENTRY },
      {
        currentQuestionnaire: {
          id: 'q-1',
          attributes: { next_question: 'Do you like coffee?', finished: false },
        },
      },
    ]) {
      // What the device kept, before the timer has answered (it would show the countdown).
      const draw = await start({ stored, timer: null });
      draw.press();
      expect(draw.navigations()).toEqual([{ type: 'navigate', to: '/youve-entered' }]);
      expect(draw.context().canEnterDraw).toBe(false);
      expect(draw.api.count('enterDraw')).toBe(0);
      draw.stop();
    }
  });

  it("shows the server's message when entering fails", async () => {
    const draw = await start();
    draw.press();
    draw.api.reject('enterDraw', new ApiFailure(422, 'The draw is closed'));
    await settle();
    expect(draw.toasts()).toEqual(['The draw is closed']);
    expect(draw.context().currentDrawEntry).toBeNull();
    expect(draw.context().draw_entries).toEqual([]);
    expect(draw.actor.getSnapshot().matches({ entry: 'idle' })).toBe(true);
  });

  it("falls back to 'Server Error' when the failure carries no message", async () => {
    const draw = await start();
    draw.press();
    draw.api.reject('enterDraw', new ApiFailure(0, null));
    await settle();
    expect(draw.toasts()).toEqual(['Server Error']);
  });

  it('ignores a press while the player cannot enter', async () => {
    const draw = await start({ stored: { canEnterDraw: false }, timer: null });
    draw.press();
    expect(draw.navigations()).toEqual([]);
    expect(storage.getItem('hasClickedButton')).toBeNull();
  });
});

describe('draw cycle: the countdown', () => {
  it('counts the remembered cycle down from the press, from real elapsed time', async () => {
    const draw = await start({ timer: { ...TIMER_NOT_ENTERED, cycle_time: 3600 } });
    draw.press();
    expect(draw.context().timeLeft).toBe(3600);
    await draw.seconds(1);
    expect(draw.context().timeLeft).toBe(3599);
    // The browser throttled the tab: a minute and a half passed without a tick.
    draw.clock.set(T0 + 91_000);
    await settle();
    expect(draw.context().timeLeft).toBe(3600 - 91);
    expect(draw.context().secondsUntilNextDraw).toBe(3600);
  });

  it('counts down to the moment the draw closes when the press says when', async () => {
    const draw = await start({ timer: { ...TIMER_NOT_ENTERED, cycle_time: 86_400 } });
    draw.press();
    expect(draw.context().timeLeft).toBe(86_400);
    draw.api.resolve('enterDraw', { data: { ...ENTRY, draw_time_left: 5400 } });
    await settle();
    expect(draw.context().timeLeft).toBe(5400);
    expect(draw.context().currentDrawEntry).toEqual(ENTRY);
    await draw.seconds(60);
    expect(draw.context().timeLeft).toBe(5340);
  });

  it("counts the server's time_left down when the player has an entry", async () => {
    const draw = await start({ timer: TIMER_ENTERED });
    expect(draw.context().timeLeft).toBe(7530);
    expect(draw.context().cycleTime).toBe(86_400);
    await draw.seconds(30);
    expect(draw.context().timeLeft).toBe(7500);
  });

  it.each([0, 130, 480, 770, 999])(
    'reaches 0:00 within 250 ms of the close whatever the fraction of a second (%i ms)',
    async (fraction) => {
      // The draw closes 3 s and `fraction` ms after the answer; whole seconds round up to 4.
      const closesIn = 3000 + fraction;
      const draw = await start({
        timer: { ...TIMER_ENTERED, time_left: Math.ceil(closesIn / 1000), time_left_ms: closesIn },
      });
      const shown = () => formatCountdown(draw.context().timeLeft);
      // Time moves in small steps, as a player watching the screen would see it.
      for (let at = 0; at < closesIn; at += 10) draw.clock.increment(10);
      draw.clock.increment(closesIn % 10 === 0 ? 0 : 10 - (closesIn % 10));
      const late = Array.from({ length: 26 }, () => {
        const wasZero = shown() === '0:00';
        draw.clock.increment(10);
        return wasZero;
      }).indexOf(true);
      // 0:00 shows by 250 ms after the close at the latest (a tick falls in every 250 ms).
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late * 10).toBeLessThanOrEqual(250);
    },
  );

  it('never goes below 0', () => {
    expect(remainingSeconds(60, T0, T0 + 59_000)).toBe(1);
    expect(remainingSeconds(60, T0, T0 + 60_000)).toBe(0);
    expect(remainingSeconds(60, T0, T0 + 600_000)).toBe(0);
    expect(remainingSeconds(60, null, T0)).toBe(0);
  });

  it('at 0 allows entering again and refetches the timer', async () => {
    const draw = await start({ timer: { ...TIMER_NOT_ENTERED, cycle_time: 5 } });
    draw.api.answerByHand('timer');
    draw.press();
    draw.api.resolve('enterDraw', { data: ENTRY });
    await draw.seconds(4);
    expect(draw.context().canEnterDraw).toBe(false);
    expect(draw.api.count('timer')).toBe(1);
    await draw.seconds(1);
    expect(draw.context().timeLeft).toBe(0);
    expect(draw.context().canEnterDraw).toBe(true);
    expect(draw.context().currentDrawEntry).toBeNull();
    expect(draw.api.count('timer')).toBe(2);
    // The grand prize is looked for again at the same time.
    expect(draw.api.count('grandPrizes')).toBe(2);
  });

  it('does not refetch at 0 for a first-time user', async () => {
    const draw = await start({
      session: NEWCOMER,
      timer: { ...TIMER_NOT_ENTERED, cycle_time: 5 },
    });
    draw.press();
    await draw.seconds(5);
    expect(draw.context().canEnterDraw).toBe(true);
    expect(draw.api.count('timer')).toBe(1);
  });

  it('does not refetch at 0 when the player can already enter', async () => {
    const draw = await start({ timer: { ...TIMER_ENTERED, time_left: 3 } });
    // A fetch lets a player who has not finished the questionnaire press again.
    expect(draw.context().canEnterDraw).toBe(true);
    await draw.seconds(3);
    expect(draw.context().timeLeft).toBe(0);
    expect(draw.api.count('timer')).toBe(1);
  });

  it('does not refetch at 0 while a fetch is in progress', async () => {
    const draw = await start({ timer: { ...TIMER_NOT_ENTERED, cycle_time: 5 } });
    draw.api.answerByHand('timer');
    draw.press();
    draw.actor.send({ type: 'window.focused' });
    expect(draw.api.count('timer')).toBe(2);
    await draw.seconds(5);
    expect(draw.context().canEnterDraw).toBe(true);
    expect(draw.api.count('timer')).toBe(2);
  });

  it('formats the time left as m:ss, with hours once it is an hour or more', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(3599)).toBe('59:59');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(86_399)).toBe('23:59:59');
  });
});

describe('draw cycle: the countdown ends as the draw closes', () => {
  /** What the home screen shows at `at`, the clock moving there in small steps. */
  function shownAt(draw: Awaited<ReturnType<typeof start>>, at: number): string {
    while (draw.clock.now() < at) draw.clock.increment(Math.min(10, at - draw.clock.now()));
    return formatCountdown(draw.context().timeLeft);
  }

  it("shows 0:00 at the close (within 250 ms) from the timer's answer, a slow trip included", async () => {
    const draw = await start({ timer: null });
    // The draw closes 7.3 s after the app asks; the answer takes a second to come back, and
    // the server measured the time left halfway through.
    const close = T0 + 7_300;
    draw.clock.set(T0 + 1_000);
    draw.api.resolve('timer', { ...TIMER_ENTERED, time_left: 7, time_left_ms: 6_800 });
    await settle();
    expect(formatCountdown(draw.context().timeLeft)).toBe('0:07');
    expect(shownAt(draw, close - 1_250)).toBe('0:02');
    expect(shownAt(draw, close - 250)).toBe('0:01');
    expect(shownAt(draw, close)).toBe('0:00');
  });

  it('shows 0:00 at the close (within 250 ms) from the press, whenever in a second it came', async () => {
    const draw = await start({ timer: { ...TIMER_NOT_ENTERED, cycle_time: 86_400 } });
    draw.clock.set(T0 + 300);
    draw.press();
    draw.api.resolve('enterDraw', {
      data: { ...ENTRY, draw_time_left: 6, draw_time_left_ms: 5_200 },
    });
    await settle();
    const close = T0 + 300 + 5_200;
    expect(shownAt(draw, close - 250)).toBe('0:01');
    expect(shownAt(draw, close)).toBe('0:00');
  });

  it('ticks once a second, on the moments the shown second changes', () => {
    expect(msUntilNextTick(T0 + 5_200, T0)).toBe(200);
    expect(msUntilNextTick(T0 + 5_000, T0)).toBe(1_000);
    expect(msUntilNextTick(null, T0)).toBe(1_000);
    expect(msUntilNextTick(T0, T0 + 10)).toBe(1_000);
  });
});

describe('draw cycle: the timer', () => {
  it('is fetched at start', async () => {
    const draw = await start();
    expect(draw.api.count('timer')).toBe(1);
    expect(draw.actor.getSnapshot().matches({ timer: 'idle' })).toBe(true);
  });

  it('is refetched when focus returns only while the player cannot enter', async () => {
    const draw = await start();
    draw.actor.send({ type: 'window.focused' });
    expect(draw.api.count('timer')).toBe(1);
    draw.press();
    draw.actor.send({ type: 'window.focused' });
    expect(draw.api.count('timer')).toBe(2);
  });

  it('is refetched at once when the live channel says so, also while a fetch runs', async () => {
    const draw = await start({ timer: null });
    expect(draw.cable.isOpen).toBe(true);
    draw.cable.broadcastRefetch();
    expect(draw.api.count('timer')).toBe(2);
    draw.api.resolve('timer', TIMER_NOT_ENTERED);
    await settle();
    draw.cable.broadcastRefetch();
    expect(draw.api.count('timer')).toBe(3);
    expect(draw.api.count('grandPrizes')).toBe(3);
  });

  it('closes the live channel when the draw stops (signing out)', async () => {
    const draw = await start();
    draw.stop();
    expect(draw.cable.isOpen).toBe(false);
    expect(draw.cable.closed).toBe(1);
  });

  it('takes time_left, cycle_time and show_tell_us_more while the cycle runs', async () => {
    const draw = await start({ timer: { ...TIMER_ENTERED, cycle_time: 600, time_left: 42 } });
    expect(draw.context()).toMatchObject({
      timeLeft: 42,
      secondsUntilNextDraw: 42,
      countdownStartedAt: T0,
      cycleTime: 600,
      showTellUsMore: true,
    });
  });

  it('restarts the countdown from the cycle length when the cycle has finished', async () => {
    const draw = await start({
      session: { ...RETURNING, isFirstQuestionnaire: true },
      stored: { canEnterDraw: false, hasFinishedQuestionnaire: true, cycleTime: 900 },
      timer: { ...TIMER_NOT_ENTERED, cycle_time: 900 },
    });
    expect(draw.context().timeLeft).toBe(900);
    // The first questionnaire: entering stays blocked.
    expect(draw.context().canEnterDraw).toBe(false);
  });

  it('enables entry when the cycle has finished, unless this is the first questionnaire', async () => {
    const draw = await start({
      stored: { canEnterDraw: false, hasFinishedQuestionnaire: true, currentDrawEntry: ENTRY },
    });
    expect(draw.context().canEnterDraw).toBe(true);
    expect(draw.context().currentDrawEntry).toBeNull();
  });

  it('enables entry after a fetch when the questionnaire is not finished', async () => {
    const draw = await start({
      session: NEWCOMER,
      stored: { canEnterDraw: false, hasFinishedQuestionnaire: false },
      timer: TIMER_ENTERED,
    });
    expect(draw.context().canEnterDraw).toBe(true);
  });

  it('keeps entering blocked after a fetch once the questionnaire is finished', async () => {
    const draw = await start({
      stored: { canEnterDraw: false, hasFinishedQuestionnaire: true },
      timer: TIMER_ENTERED,
    });
    expect(draw.context().canEnterDraw).toBe(false);
    expect(draw.context().timeLeft).toBe(7530);
  });

  it('carries on when the timer fails (logged only)', async () => {
    const draw = await start({ timer: null });
    draw.api.reject('timer', new ApiFailure(503, null));
    await settle();
    expect(draw.actor.getSnapshot().matches({ timer: 'idle' })).toBe(true);
    expect(draw.toasts()).toEqual([]);
  });
});

describe("draw cycle: 'YOU WON!'", () => {
  it('shows an unshown grand prize for 3 s, then tells the session once', async () => {
    const draw = await start({ grandPrizes: [GRAND_PRIZE] });
    expect(draw.actor.getSnapshot().matches({ grandPrize: 'showing' })).toBe(true);
    expect(draw.context().grandPrizeAmount).toBe(500);
    draw.clock.increment(2999);
    expect(draw.actor.getSnapshot().matches({ grandPrize: 'showing' })).toBe(true);
    draw.clock.increment(1);
    expect(draw.actor.getSnapshot().matches({ grandPrize: 'idle' })).toBe(true);
    expect(draw.context().grandPrizeAmount).toBeNull();
    expect(draw.toSession.filter((e) => e.type === 'session.grandPrizeShown')).toHaveLength(1);
    // The next draw closes: the prize is still there, but it has been shown.
    draw.cable.broadcastRefetch();
    await settle();
    expect(draw.api.count('grandPrizes')).toBe(2);
    expect(draw.actor.getSnapshot().matches({ grandPrize: 'showing' })).toBe(false);
    expect(draw.toSession.filter((e) => e.type === 'session.grandPrizeShown')).toHaveLength(1);
  });

  it('asks again when a draw closes while its grand prizes are asked: the answer may predate it', async () => {
    const draw = await start({ grandPrizes: null, onHome: true });
    expect(draw.api.count('grandPrizes')).toBe(1);
    draw.cable.broadcastRefetch();
    expect(draw.api.count('grandPrizes')).toBe(2);
    // The answer asked after the closing tells of the win; the first is never heard.
    draw.api.resolve('grandPrizes', { data: [GRAND_PRIZE] });
    await settle();
    expect(draw.actor.getSnapshot().matches({ grandPrize: 'showing' })).toBe(true);
    expect(draw.context().grandPrizeAmount).toBe(500);
  });

  it('shows nothing when the session has shown the grand prize already', async () => {
    const draw = await start({
      grandPrizes: [GRAND_PRIZE],
      session: { ...RETURNING, announcedGrandPrizeDrawIds: [GRAND_PRIZE.draw_id] },
    });
    expect(draw.actor.getSnapshot().matches({ grandPrize: 'idle' })).toBe(true);
  });

  it('announces a second win, of another draw, as it did the first', async () => {
    const draw = await start({ grandPrizes: [GRAND_PRIZE] });
    draw.clock.increment(3000);
    const secondWin = {
      ...GRAND_PRIZE,
      id: 'gp-2',
      draw_id: 12,
      additional_info: { prize_amount: 750 },
    };
    draw.api.answerAlways('grandPrizes', () => Promise.resolve({ data: [secondWin, GRAND_PRIZE] }));
    draw.cable.broadcastRefetch();
    await settle();
    expect(draw.actor.getSnapshot().matches({ grandPrize: 'showing' })).toBe(true);
    expect(draw.context().grandPrizeAmount).toBe(750);
    draw.clock.increment(3000);
    expect(draw.toSession.filter((e) => e.type === 'session.grandPrizeShown')).toEqual([
      { type: 'session.grandPrizeShown', drawId: 11 },
      { type: 'session.grandPrizeShown', drawId: 12 },
    ]);
    // Neither again.
    draw.cable.broadcastRefetch();
    await settle();
    expect(draw.actor.getSnapshot().matches({ grandPrize: 'idle' })).toBe(true);
  });

  it('announces nothing for a prize already claimed', async () => {
    const draw = await start({ grandPrizes: [{ ...GRAND_PRIZE, claimed: true }] });
    expect(draw.actor.getSnapshot().matches({ grandPrize: 'idle' })).toBe(true);
  });

  it('shows only on /home: a win found elsewhere waits, and leaving ends it for good', async () => {
    const draw = await start({ grandPrizes: [GRAND_PRIZE], onHome: false });
    const showing = () => draw.actor.getSnapshot().matches({ grandPrize: 'showing' });
    draw.clock.increment(10_000);
    expect(showing()).toBe(false);
    // The prizes are passed on for the winnings flow; nothing is announced yet.
    expect(draw.toSession).toEqual([{ type: 'session.grandPrizesLoaded', prizes: [GRAND_PRIZE] }]);
    draw.toSession.length = 0;
    draw.open('/home');
    expect(showing()).toBe(true);
    expect(draw.context().grandPrizeAmount).toBe(500);
    // The player leaves within the 3 s: the view goes with /home, announced all the same.
    draw.clock.increment(1000);
    draw.open('/players');
    expect(showing()).toBe(false);
    expect(draw.context().grandPrizeAmount).toBeNull();
    expect(draw.toSession).toEqual([{ type: 'session.grandPrizeShown', drawId: 11 }]);
    draw.open('/home');
    draw.cable.broadcastRefetch();
    await settle();
    expect(showing()).toBe(false);
  });

  it("reads the session's flags as the session last sent them", async () => {
    const draw = await start({ timer: { ...TIMER_NOT_ENTERED, cycle_time: 5 } });
    draw.press();
    // Becoming a first-time user's again (as a new questionnaire would make it): no refetch.
    draw.setSession(NEWCOMER);
    await draw.seconds(5);
    expect(draw.context().canEnterDraw).toBe(true);
    expect(draw.api.count('timer')).toBe(1);
  });
});

describe("draw cycle: 'You're Entered To Win'", () => {
  it('a press runs the questions flow at /youve-entered while the entry is on its way', async () => {
    const draw = await start();
    draw.press();
    // The press itself shows the screen: its address is followed, not opened again.
    expect(draw.actor.getSnapshot().matches({ screen: 'questions' })).toBe(true);
    expect(draw.context().questionsStart).toBe('youveEntered');
    expect(draw.flowAt()).toEqual({ youveEntered: 'waiting' });
    expect(draw.route()).toBe('/youve-entered');
    expect(draw.actor.getSnapshot().matches({ entry: 'entering' })).toBe(true);
    draw.clock.increment(1500);
    expect(draw.api.count('rewards')).toBe(1);
  });

  it('checks the rewards after 1.5 s and plays them on /rewards, then shows /home', async () => {
    const draw = await start();
    draw.open('/youve-entered');
    draw.clock.increment(1499);
    expect(draw.api.count('rewards')).toBe(0);
    draw.clock.increment(1);
    expect(draw.api.count('rewards')).toBe(1);
    await draw.answer('rewards', { data: [TOKEN_REWARD] });
    expect(draw.route()).toBe('/rewards');
    // 'You're Entered To Win' is seen once: its address is replaced, so Back skips it.
    expect(draw.navigations()).toEqual([
      {
        type: 'navigate',
        to: '/rewards',
        state: { redirectedFrom: 'YouveEntered' },
        replace: true,
      },
    ]);
    // The ticket stays 1.7 s; the server then hears it was shown, and the player is home.
    draw.clock.increment(1700);
    expect(draw.api.callsOf('markRewardsPlayedBack')).toEqual([[TOKEN_REWARD.id]]);
    await draw.answer('markRewardsPlayedBack', {});
    expect(draw.actor.getSnapshot().matches({ screen: 'home' })).toBe(true);
    expect(draw.flow()).toBeUndefined();
    // The rewards are seen once too: /home takes their entry, so Back never lands on them.
    expect(draw.navigations().at(-1)).toEqual({ type: 'navigate', to: '/home', replace: true });
    expect(draw.context().hasReceivedGC).toBe(false);
  });

  it('goes to /what-i-like without rewards, or when the check fails', async () => {
    for (const answer of ['none', 'failure'] as const) {
      const draw = await start();
      draw.open('/youve-entered');
      draw.clock.increment(1500);
      if (answer === 'none') draw.api.resolve('rewards', { data: [] });
      else draw.api.reject('rewards', new ApiFailure(500, null));
      await settle();
      expect(draw.navigations()).toEqual([{ type: 'navigate', to: '/what-i-like', replace: true }]);
      expect(draw.flowAt()).toEqual({ whatILike: 'choosing' });
      draw.stop();
    }
  });

  it('leads on to What I Like after a gift card, and remembers the gift card', async () => {
    const draw = await start();
    draw.press();
    await draw.answer('enterDraw', { data: ENTRY });
    draw.clock.increment(1500);
    await draw.answer('rewards', { data: [GIFT_CARD_REWARD] });
    expect(draw.route()).toBe('/rewards');
    draw.clock.increment(8000);
    await draw.answer('markRewardsPlayedBack', {});
    expect(draw.context().hasReceivedGC).toBe(true);
    expect(draw.flowAt()).toEqual({ whatILike: 'choosing' });
    expect(draw.navigations().map((move) => move.to)).toEqual([
      '/youve-entered',
      '/rewards',
      '/what-i-like',
    ]);
    expect(JSON.parse(storage.getItem(DRAW_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { hasReceivedGC: true },
    });
  });

  it('checks nothing when the player leaves the screen first', async () => {
    const draw = await start();
    draw.open('/youve-entered');
    draw.clock.increment(1000);
    draw.open('/home');
    draw.clock.increment(5000);
    expect(draw.api.count('rewards')).toBe(0);
    expect(draw.navigations()).toEqual([]);
    expect(draw.flow()).toBeUndefined();
  });
});

describe('draw cycle: the questions after a press', () => {
  /** Pressed, entered, and on /what-i-like after a rewards check that found nothing. */
  async function onWhatILike(options: StartOptions = {}) {
    const draw = await start(options);
    draw.press();
    await draw.answer('enterDraw', { data: ENTRY });
    // From now on the server's timer knows of the entry.
    draw.api.answerAlways('timer', () => Promise.resolve(TIMER_ENTERED));
    draw.clock.increment(1500);
    await draw.answer('rewards', { data: [] });
    expect(draw.route()).toBe('/what-i-like');
    return draw;
  }

  it('Skip finishes the questionnaire: marked, entry and questionnaire cleared, the timer asked again', async () => {
    const draw = await onWhatILike();
    expect(draw.context().currentDrawEntry).toEqual(ENTRY);
    expect(draw.api.count('timer')).toBe(1);
    await draw.tap({ type: 'whatILike.skip' });
    expect(draw.context()).toMatchObject({
      hasFinishedQuestionnaire: true,
      firstQuestionnaireAnswered: true,
      currentQuestionnaire: null,
      currentDrawEntry: null,
    });
    expect(draw.api.count('timer')).toBe(2);
    expect(draw.actor.getSnapshot().matches({ screen: 'home' })).toBe(true);
    expect(draw.navigations().at(-1)).toEqual({ type: 'navigate', to: '/home' });
    // A returning player's skip is the app's alone: nothing is recorded on the server.
    expect(draw.api.count('skipQuestionnaire')).toBe(0);
    // The countdown to the draw's close shows: the questionnaire is done.
    await settle();
    expect(draw.context()).toMatchObject({ canEnterDraw: false, timeLeft: 7530 });
  });

  it("What I Like: five questions answered against the press's entry finish the questionnaire", async () => {
    const draw = await onWhatILike();
    await draw.tap({ type: 'whatILike.start' });
    // The press's entry is the one the answers go with: no second entry.
    expect(draw.api.count('enterDraw')).toBe(1);
    expect(draw.route()).toBe('/questionnaire');
    for (let answered = 0; answered < 5; answered += 1) {
      const question = answered % 2 === 0 ? FIRST_QUESTION : SECOND_QUESTION;
      await draw.answer('nextQuestion', question);
      // The question on screen is kept, so a reload knows a questionnaire is under way.
      expect(draw.context().currentQuestionnaire).toEqual({
        id: question.data.id,
        attributes: { next_question: question.data.attributes.next_question, finished: false },
      });
      expect(draw.context().questionsAnswered).toBe(answered);
      draw.clock.increment(CARD_ARRIVAL_MS);
      await draw.tap({ type: 'card.answer', choice: answered === 0 ? 'yes' : 'no' });
      await draw.answer('answerQuestion', {});
    }
    expect(draw.api.callsOf('answerQuestion')).toHaveLength(5);
    expect(draw.api.callsOf('answerQuestion')[0]).toMatchObject({
      questionId: 31,
      answer: true,
      draw_entry_id: ENTRY.id,
      isSkipped: false,
    });
    // The answers are paid for and listed (nothing to play here: a toast says so).
    expect(draw.api.callsOf('payRewards')).toEqual([{ draw_entry_id: ENTRY.id }]);
    await draw.answer('payRewards', { data: [] });
    if (draw.api.isWaiting('rewards')) await draw.answer('rewards', { data: [] });
    expect(draw.context()).toMatchObject({
      hasFinishedQuestionnaire: true,
      currentQuestionnaire: null,
      currentDrawEntry: null,
    });
    expect(draw.api.count('timer')).toBe(2);
    expect(draw.route()).toBe('/home');
  });

  it("a first-time player's skip earns the wishlist coupon, played on /rewards, then /home", async () => {
    const draw = await onWhatILike({ session: NEWCOMER });
    await draw.tap({ type: 'whatILike.skip' });
    expect(draw.api.callsOf('skipQuestionnaire')).toEqual([{ draw_entry_id: ENTRY.id }]);
    await draw.answer('skipQuestionnaire', {});
    await draw.answer('wishlistCoupon', {});
    expect(draw.api.count('rewards')).toBe(2);
    await draw.answer('rewards', { data: [COUPON_REWARD] });
    // Finished, and the session hears the player is returning.
    expect(draw.context().hasFinishedQuestionnaire).toBe(true);
    expect(draw.toSession).toContainEqual({ type: 'session.questionnaireFinished' });
    // Not from 'You're Entered To Win': the reward screens carry no such state.
    expect(draw.navigations().at(-1)).toEqual({ type: 'navigate', to: '/rewards' });
    draw.clock.increment(3000);
    await draw.answer('markRewardsPlayedBack', {});
    expect(draw.route()).toBe('/home');
  });

  it.each([
    ['/what-i-like', 'whatILike', { whatILike: 'choosing' }, '/what-i-like'],
    ['/disclosure', 'disclosure', { whatILike: 'choosing' }, '/what-i-like'],
  ] as const)(
    'opening %s restarts the flow there',
    async (address, questionsStart, flowAt, route) => {
      const draw = await start();
      draw.press();
      await draw.answer('enterDraw', { data: ENTRY });
      draw.clock.increment(1000);
      const pressed = draw.flow();
      draw.open(address);
      expect(draw.context().questionsStart).toBe(questionsStart);
      expect(draw.flow()).not.toBe(pressed);
      expect(draw.flowAt()).toEqual(flowAt);
      expect(draw.route()).toBe(route);
      // The wait of the press's screen is gone with it: no rewards check 0.5 s later.
      draw.clock.increment(500);
      expect(draw.api.count('rewards')).toBe(0);
    },
  );

  it("opening /disclosure shows the promises before a player's first questionnaire", async () => {
    const draw = await start({ session: NEWCOMER });
    draw.open('/disclosure');
    expect(draw.flowAt()).toEqual({ whatILike: 'disclosure' });
    expect(draw.route()).toBe('/disclosure');
    expect(draw.navigations()).toEqual([]);
    // A returning player has read them: What I Like, and the address says so.
    const returning = await start();
    returning.open('/disclosure');
    expect(returning.navigations()).toEqual([
      { type: 'navigate', to: '/what-i-like', replace: true },
    ]);
  });

  it('opening /rewards with nothing to play leads straight to /home', async () => {
    const draw = await start({ onHome: false });
    draw.open('/rewards');
    // Opened at its address, the playback asks the server what is left to show: nothing.
    if (draw.api.isWaiting('rewards')) await draw.answer('rewards', { data: [] });
    expect(draw.actor.getSnapshot().matches({ screen: 'home' })).toBe(true);
    expect(draw.navigations().map((move) => move.to)).toEqual(['/home']);
    expect(draw.api.count('markRewardsPlayedBack')).toBe(0);
  });

  it('/questionnaire resumes the batch under way: the entry held, no Tell Us More, no second entry', async () => {
    const draw = await start({
      stored: { currentDrawEntry: ENTRY, canEnterDraw: false },
      timer: TIMER_ENTERED,
      onHome: false,
    });
    draw.open('/questionnaire');
    expect(draw.context().questionsStart).toBe('questionnaire');
    expect(draw.context().isAnsweringFromTellUsMore).toBe(false);
    await settle();
    expect(draw.api.count('startTellUsMore')).toBe(0);
    expect(draw.api.count('enterDraw')).toBe(0);
    expect(draw.api.isWaiting('nextQuestion')).toBe(true);
    await draw.answer('nextQuestion', FIRST_QUESTION);
    draw.clock.increment(CARD_ARRIVAL_MS);
    await draw.tap({ type: 'card.answer', choice: 'skip' });
    expect(draw.api.callsOf('answerQuestion')).toEqual([
      expect.objectContaining({ draw_entry_id: ENTRY.id, isSkipped: true }),
    ]);
  });

  it('/questionnaire starts Tell Us More otherwise, answering from it only while the flow runs', async () => {
    for (const stored of [
      // No entry in this draw yet: the server makes one for the answers.
      {},
      // The entry's questionnaire is done: Tell Us More asks for more.
      { currentDrawEntry: ENTRY, hasFinishedQuestionnaire: true, canEnterDraw: false },
    ]) {
      const draw = await start({ stored, timer: TIMER_ENTERED, onHome: false });
      draw.open('/questionnaire');
      expect(draw.context().questionsStart).toBe('tellUsMore');
      expect(draw.context().isAnsweringFromTellUsMore).toBe(true);
      expect(draw.flowAt()).toEqual({ questionnaire: 'tellUsMore' });
      expect(draw.api.count('startTellUsMore')).toBe(1);
      await draw.answer('startTellUsMore', tellUsMoreStarted(ENTRY));
      await draw.answer('nextQuestion', FIRST_QUESTION);
      expect(draw.context()).toMatchObject({
        currentDrawEntry: ENTRY,
        isAnsweringFromTellUsMore: true,
      });
      expect(draw.context().currentQuestionnaire?.id).toBe(FIRST_QUESTION.data.id);
      // The Home link (or tab) ends the session; the batch and its entry stay, for Forward
      // or the tab to go on with (and the entry shows the countdown on /home).
      draw.open('/home');
      expect(draw.flow()).toBeUndefined();
      expect(draw.context()).toMatchObject({
        isAnsweringFromTellUsMore: false,
        currentDrawEntry: ENTRY,
        questionsMode: 'tellUsMore',
      });
      expect(draw.context().currentQuestionnaire?.id).toBe(FIRST_QUESTION.data.id);
      draw.stop();
    }
  });

  it('Tell Us More checks whether the questionnaire is finished when the device does not know', async () => {
    const draw = await start({ hasFinished: null, onHome: false });
    draw.open('/questionnaire');
    // Tell Us More enters the player: the timer says so from then on.
    draw.api.answerAlways('timer', () => Promise.resolve(TIMER_ENTERED));
    await draw.answer('startTellUsMore', tellUsMoreStarted(ENTRY));
    expect(draw.api.isWaiting('hasFinishedQuestionnaire')).toBe(true);
    await draw.answer('hasFinishedQuestionnaire', hasFinished(true));
    expect(draw.context()).toMatchObject({
      hasFinishedQuestionnaire: true,
      currentDrawEntry: ENTRY,
      isAnsweringFromTellUsMore: true,
    });
  });

  it('Tell Us More plays what its five answers earned, then /home counts down (it entered the player)', async () => {
    // The button shows: the player has no entry in the open draw yet.
    const draw = await start({ onHome: false });
    expect(draw.context().canEnterDraw).toBe(true);
    draw.open('/questionnaire');
    // Tell Us More enters the player: the timer says so from then on.
    draw.api.answerAlways('timer', () => Promise.resolve(TIMER_ENTERED));
    await draw.answer('startTellUsMore', tellUsMoreStarted(ENTRY));
    // The entry it made shows the countdown on /home from now on.
    expect(draw.context()).toMatchObject({ canEnterDraw: false, timeLeft: 7530 });
    for (let answered = 0; answered < 5; answered += 1) {
      await draw.answer('nextQuestion', answered % 2 === 0 ? FIRST_QUESTION : SECOND_QUESTION);
      draw.clock.increment(CARD_ARRIVAL_MS);
      await draw.tap({ type: 'card.answer', choice: 'yes' });
      await draw.answer('answerQuestion', {});
    }
    await draw.answer('payRewards', { data: [TOKEN_REWARD] });
    if (draw.api.isWaiting('rewards')) await draw.answer('rewards', { data: [TOKEN_REWARD] });
    expect(draw.route()).toBe('/rewards');
    draw.clock.increment(1700);
    await draw.answer('markRewardsPlayedBack', {});
    expect(draw.route()).toBe('/home');
    expect(draw.context()).toMatchObject({
      canEnterDraw: false,
      hasFinishedQuestionnaire: true,
      isAnsweringFromTellUsMore: false,
      currentQuestionnaire: null,
    });
  });

  it('Tell Us More with no question left says so and ends: /home, nothing kept', async () => {
    const draw = await start({ onHome: false });
    draw.open('/questionnaire');
    draw.api.reject('startTellUsMore', new ApiFailure(404, 'no questions'));
    await settle();
    expect(draw.route()).toBe('/home');
    expect(draw.context()).toMatchObject({
      isAnsweringFromTellUsMore: false,
      currentDrawEntry: null,
      currentQuestionnaire: null,
      hasFinishedQuestionnaire: false,
    });
  });

  it('a reload mid-batch shows the countdown, and /questionnaire resumes at the card it left', async () => {
    const stored = {
      canEnterDraw: false,
      currentDrawEntry: ENTRY,
      hasFinishedQuestionnaire: false,
      currentQuestionnaire: {
        id: '31',
        attributes: { next_question: 'Do you like coffee?', finished: false },
      },
      questionsAnswered: 2,
    };
    const draw = await start({ stored, timer: TIMER_ENTERED, session: NEWCOMER });
    // The device knows of the entry: no check, and the countdown the entry gives.
    expect(draw.api.count('hasFinishedQuestionnaire')).toBe(0);
    expect(draw.context()).toMatchObject({ canEnterDraw: false, timeLeft: 7530 });
    draw.open('/questionnaire');
    expect(draw.context().questionsStart).toBe('questionnaire');
    await settle();
    const card = draw.flow()?.getSnapshot().children.questionnaire;
    // The third card, no tutorial (it was swiped away before the first), no second entry.
    expect(card?.getSnapshot().context).toMatchObject({
      questionnaireProgress: 2,
      showTutorial: false,
      drawEntry: ENTRY,
    });
    await draw.answer('nextQuestion', FIRST_QUESTION);
    expect(draw.flowAt()).toEqual({ questionnaire: { questions: { showing: 'arriving' } } });
    draw.clock.increment(CARD_ARRIVAL_MS);
    await draw.tap({ type: 'card.answer', choice: 'yes' });
    expect(draw.api.count('enterDraw')).toBe(0);
    expect(draw.api.count('startTellUsMore')).toBe(0);
    expect(draw.api.callsOf('answerQuestion')).toEqual([
      expect.objectContaining({ draw_entry_id: ENTRY.id, answer: true }),
    ]);
    // The next card is the fourth: draw-storage keeps the count for the next reload.
    await draw.answer('answerQuestion', {});
    await draw.answer('nextQuestion', FIRST_QUESTION);
    expect(draw.context().questionsAnswered).toBe(3);
  });
});

describe('draw cycle: a device that did not press', () => {
  it('asks whether the questionnaire is done when the timer says the cycle is not finished, and shows the countdown when it is', async () => {
    const draw = await start({ timer: TIMER_ENTERED, hasFinished: null });
    expect(draw.actor.getSnapshot().matches({ timer: 'checkingQuestionnaire' })).toBe(true);
    expect(draw.api.count('hasFinishedQuestionnaire')).toBe(1);
    await draw.answer('hasFinishedQuestionnaire', hasFinished(true));
    expect(draw.actor.getSnapshot().matches({ timer: 'idle' })).toBe(true);
    expect(draw.context()).toMatchObject({
      canEnterDraw: false,
      hasFinishedQuestionnaire: true,
      timeLeft: 7530,
    });
  });

  it('keeps the button when the questionnaire is not done, or when the check fails', async () => {
    for (const answer of ['not done', 'failure'] as const) {
      const draw = await start({ timer: TIMER_ENTERED, hasFinished: null });
      if (answer === 'not done') draw.api.resolve('hasFinishedQuestionnaire', hasFinished(false));
      else draw.api.reject('hasFinishedQuestionnaire', new ApiFailure(503, null));
      await settle();
      expect(draw.actor.getSnapshot().matches({ timer: 'idle' })).toBe(true);
      expect(draw.context()).toMatchObject({ canEnterDraw: true, hasFinishedQuestionnaire: false });
      // Logged only.
      expect(draw.toasts()).toEqual([]);
      draw.stop();
    }
  });

  it('asks nothing when the timer says the cycle is finished, or the device knows the entry', async () => {
    const fresh = await start({ timer: TIMER_NOT_ENTERED, hasFinished: null });
    expect(fresh.api.count('hasFinishedQuestionnaire')).toBe(0);
    const known = await start({
      stored: { currentDrawEntry: ENTRY },
      timer: TIMER_ENTERED,
      hasFinished: null,
    });
    expect(known.api.count('hasFinishedQuestionnaire')).toBe(0);
    const finished = await start({
      stored: { hasFinishedQuestionnaire: true },
      timer: TIMER_ENTERED,
      hasFinished: null,
    });
    expect(finished.api.count('hasFinishedQuestionnaire')).toBe(0);
  });

  it('at 0 the finished questionnaire is forgotten: the next draw has questions of its own', async () => {
    const draw = await start({
      stored: {
        canEnterDraw: false,
        hasFinishedQuestionnaire: true,
        secondsUntilNextDraw: 5,
        countdownStartedAt: T0,
        timeLeft: 5,
      },
      timer: null,
    });
    await draw.seconds(4);
    expect(draw.context().hasFinishedQuestionnaire).toBe(true);
    await draw.seconds(1);
    expect(draw.context()).toMatchObject({ canEnterDraw: true, hasFinishedQuestionnaire: false });
  });
});

describe('draw cycle: draw-storage', () => {
  it('round-trips without loading, hasEnteredDrawInSession or where the questions start', async () => {
    const draw = await start();
    draw.press();
    draw.api.resolve('enterDraw', { data: ENTRY });
    await settle();
    draw.open('/youve-entered');
    draw.clock.increment(1500);
    draw.api.resolve('rewards', { data: [TOKEN_REWARD] });
    await settle();

    const raw = storage.getItem(DRAW_STORAGE_KEY);
    expect(raw).not.toBeNull();
    const stored = JSON.parse(raw ?? '{}') as { state: Record<string, unknown>; version: number };
    expect(stored.version).toBe(0);
    expect(Object.keys(stored.state).sort()).toEqual(Object.keys(INITIAL_PERSISTED_DRAW).sort());
    for (const key of ['loading', 'hasEnteredDrawInSession', 'rewards', 'questionsStart']) {
      expect(stored.state).not.toHaveProperty(key);
    }
    expect(stored.state).toMatchObject({
      canEnterDraw: false,
      currentDrawEntry: ENTRY,
      draw_entries: [ENTRY],
      lastDrawEntered: T0,
      secondsUntilNextDraw: 86_400,
    });

    // Ten seconds later, on the next visit.
    const later = new SimulatedClock();
    later.set(T0 + 10_000);
    const reloaded = createActor(drawCycleMachine, {
      clock: later,
      input: { stored: raw, flags: RETURNING, clock: later },
    }).getSnapshot().context;
    expect(reloaded).toMatchObject({ ...parsePersistedDraw(raw), timeLeft: 86_390 });
    expect(reloaded.hasEnteredDrawInSession).toBe(false);
    expect(reloaded.questionsStart).toBe('youveEntered');
    expect(reloaded.currentDrawEntry).toEqual(ENTRY);
  });

  it('falls back field by field when the stored state is damaged', () => {
    expect(parsePersistedDraw('not json')).toEqual(INITIAL_PERSISTED_DRAW);
    expect(parsePersistedDraw(null)).toEqual(INITIAL_PERSISTED_DRAW);
    const damaged = JSON.stringify({
      state: { canEnterDraw: false, timeLeft: -5, draw_entries: 'many', lastDrawEntered: T0 },
      version: 0,
    });
    expect(parsePersistedDraw(damaged)).toEqual({
      ...INITIAL_PERSISTED_DRAW,
      canEnterDraw: false,
      lastDrawEntered: T0,
    });
  });

  it('resumes a countdown from the last visit by real elapsed time', async () => {
    const draw = await start({
      timer: null,
      stored: {
        canEnterDraw: false,
        secondsUntilNextDraw: 600,
        countdownStartedAt: T0 - 100_000,
        timeLeft: 590,
      },
    });
    expect(draw.context().timeLeft).toBe(500);
  });

  it('allows entering when the countdown of the last visit is over', async () => {
    const draw = await start({
      timer: null,
      stored: {
        canEnterDraw: false,
        secondsUntilNextDraw: 600,
        countdownStartedAt: T0 - 700_000,
        timeLeft: 300,
        currentDrawEntry: ENTRY,
      },
    });
    expect(draw.context().timeLeft).toBe(0);
    expect(draw.context().canEnterDraw).toBe(true);
    expect(draw.context().currentDrawEntry).toBeNull();
  });
});
