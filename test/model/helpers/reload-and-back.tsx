// A reload and a Back at every resting state of a flow's walk (issue 20): the shortest path of
// the flow's model to each state a player can look at (a screen, `meta.route`, and no call under
// way) is walked with the flow's gestures; there the app is (a) reloaded, stopped and started
// again from what the device kept and the address the browser had (its history state too),
// and must show the same screen and progress; then (b) the player goes Back one history entry,
// and the screen shown must stay (nothing forwards again by itself, even as time passes) and no
// step done is replayed (no second answer, entry or reward).
//
// The history is the test DOM's (the browser's, as wouter's browser location and the route sync use
// it); the walk keeps its own record of the entries pushed and replaced, so Back from the walk's
// first entry (which leaves the app) is known, and so is a screen that pushes itself again.
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventObject, Snapshot } from 'xstate';
import type { StatePath, Step, TestModel } from 'xstate/graph';
import { entryIndex } from '../../../src/lib/route-follower';
import { settle } from '../../support/settle';
import { renderApp, screenLoaded, type RenderAppOptions } from './app-harness';

/** What the browser shows in its address bar, with the entry's history state. */
export type Address = { path: string; search: string; state: unknown };

export const addressNow = (): Address => ({
  path: window.location.pathname,
  search: window.location.search,
  state: window.history.state as unknown,
});

const addressKey = ({ path, search }: Address) => `${path}${search}`;

/** The walk's history entries as the browser keeps them: pushes, replaces, Back. */
export class WalkHistory {
  readonly entries: Address[] = [addressNow()];
  index = 0;
  /** Entries pushed since the walk began (a screen that forwards by itself pushes one). */
  pushes = 0;
  private readonly listeners: Array<[string, () => void]> = [
    [
      'pushState',
      () => {
        this.entries.splice(this.index + 1, Infinity, addressNow());
        this.index += 1;
        this.pushes += 1;
      },
    ],
    ['replaceState', () => void (this.entries[this.index] = addressNow())],
    [
      'popstate',
      () => {
        const now = addressNow();
        // The app's entries carry their index: the way Back or Forward went.
        const to = entryIndex(now.state);
        const from = entryIndex(this.entries[this.index]?.state);
        if (to !== null && from !== null && to !== from) this.index += to < from ? -1 : 1;
        else {
          const back = this.entries[this.index - 1];
          if (back && addressKey(back) === addressKey(now)) this.index -= 1;
          else this.index += 1;
        }
      },
    ],
  ];
  /** Back was taken from the walk's first entry: the app was left (the tab went elsewhere). */
  leftApp = false;
  private readonly back = window.history.back.bind(window.history);

  constructor() {
    for (const [type, listener] of this.listeners) window.addEventListener(type, listener);
    // Back from the walk's first entry leaves the app: the browser's entries before it are
    // other pages (the test DOM's, earlier tests'), so it is recorded, not taken.
    window.history.back = () => {
      if (this.index === 0) this.leftApp = true;
      else this.back();
    };
  }

  stop(): void {
    for (const [type, listener] of this.listeners) window.removeEventListener(type, listener);
    window.history.back = this.back;
  }

  /** The entry Back goes to; null on the walk's first entry (Back leaves the app). */
  previous(): Address | null {
    return this.entries[this.index - 1] ?? null;
  }
}

/**
 * The app as a reload opens it (app-harness.tsx's renderApp with fresh calls): the device as
 * the last run left it, the same address, the same history state (renderApp opens its path
 * with none, which a reload does not do).
 */
export function reopenApp(options: Omit<RenderAppOptions, 'path'> = {}) {
  const { path, search, state } = addressNow();
  const replace = window.history.replaceState.bind(window.history);
  window.history.replaceState = (_: unknown, unused: string, url?: string | URL | null) =>
    replace(state, unused, url);
  try {
    return renderApp({ ...options, path: `${path}${search}` });
  } finally {
    window.history.replaceState = replace;
  }
}

/**
 * Back, and the app settled on what it shows where Back went: the entry before, or one further
 * back when the app steps on past entries it would leave at once; null when it left the app.
 */
export async function goBack(history: WalkHistory): Promise<Address | null> {
  const index = history.index;
  if (!history.previous()) {
    // Back from the walk's first entry leaves the app.
    await act(async () => {
      window.history.back();
      await settle();
    });
    expect(history.leftApp).toBe(true);
    return null;
  }
  await act(async () => {
    window.history.back();
    await settle();
  });
  await waitFor(() => expect(history.index).toBeLessThan(index));
  await screenLoaded();
  await act(settle);
  return history.leftApp ? null : (history.entries[history.index] ?? null);
}

/** What a resting screen is checked for, in the app running it. */
export type RestingChecks<TApp> = {
  expectScreen: (app: TApp) => Promise<void> | void;
  reload: (app: TApp) => Promise<TApp>;
  stepsDone: (app: TApp) => unknown;
  afterBack: (to: Address, app: TApp) => Promise<void> | void;
};

/**
 * At a resting screen: (a) a reload shows the same address, screen and progress, with no step
 * done again; (b) Back lands on the entry before, which stays (nothing moves on, even as time
 * passes), with no step done again. Returns the app now running (the reloaded one).
 */
export async function reloadThenBack<TApp>(
  history: WalkHistory,
  walked: TApp,
  checks: RestingChecks<TApp>,
): Promise<TApp> {
  await checks.expectScreen(walked);
  const address = addressNow();
  const steps = checks.stepsDone(walked);

  // (a) A reload: the same address, screen and progress.
  const app = await checks.reload(walked);
  expect(addressNow()).toEqual(address);
  await checks.expectScreen(app);
  expect(checks.stepsDone(app), 'a step done was replayed after the reload').toEqual(steps);

  // (b) Back: somewhere else, which stays, and nothing done again (or out of the app).
  const pushes = history.pushes;
  const left = addressKey(address);
  const to = await goBack(history);
  if (to) {
    await checks.afterBack(to, app);
    await act(settle);
    const landed = addressKey(addressNow());
    expect(landed, `Back from ${left} returned to the same screen`).not.toBe(left);
    expect(landed, `Back from ${left} to ${addressKey(to)} moved on by itself`).toBe(
      addressKey(to),
    );
    expect(history.entries[history.index], 'Back went on by itself').toBe(to);
  }
  expect(history.pushes, 'a screen forwarded by itself after Back').toBe(pushes);
  expect(checks.stepsDone(app), 'a step done was replayed after Back').toEqual(steps);
  return app;
}

type WalkedSnapshot = Snapshot<unknown> & { getMeta?: () => Record<string, unknown> };

/** A state that names its screen (`meta.route`) on any of its active state nodes. */
export function hasScreen(snapshot: WalkedSnapshot): boolean {
  return Object.values(snapshot.getMeta?.() ?? {}).some(
    (meta) => typeof meta === 'object' && meta !== null && 'route' in meta,
  );
}

export type ReloadAndBack<TApp, TSnapshot extends WalkedSnapshot, TEvent extends EventObject> = {
  model: TestModel<TSnapshot, TEvent, unknown>;
  /** A state the player can look at: a screen and no call under way. */
  isResting: (snapshot: TSnapshot) => boolean;
  /** The state as the player tells it apart (its screen and progress): each walked once. */
  describe: (snapshot: TSnapshot) => string;
  /** Opens the app where the walk starts (its first state). */
  open: () => Promise<TApp>;
  /** What causes each event (gestures, answers, time), each arriving in the step's state. */
  events: Readonly<Record<string, (step: Step<TSnapshot, TEvent>, app: TApp) => Promise<void>>>;
  /** The screen and progress of the state, in the app as it shows it. */
  expectScreen: (snapshot: TSnapshot, app: TApp) => Promise<void> | void;
  /** Stops `app` and starts it again as a reload does (see `reopenApp`). */
  reload: (app: TApp, snapshot: TSnapshot) => Promise<TApp>;
  /** The steps the server saw done (answers, entries, rewards played), to see none replayed. */
  stepsDone: (app: TApp) => unknown;
  /**
   * After Back: time passes as the flow's timers take it, and what the screen at `to` shows;
   * then the address must still be `to`, nothing pushed, no step done again.
   */
  afterBack: (to: Address, app: TApp, snapshot: TSnapshot) => Promise<void> | void;
  close: (app: TApp) => void;
  /** The bug a walk found that its case fails for (the product's, named), if any. */
  knownBug?: (path: StatePath<TSnapshot, TEvent>) => string | null;
  /** Why the running app cannot take a path as the model does (a gap of the model), if so. */
  modelGap?: (path: StatePath<TSnapshot, TEvent>) => string | null;
};

/** A test for each resting state of the model: walked to, reloaded, then Back. */
export function describeReloadAndBack<
  TApp,
  TSnapshot extends WalkedSnapshot,
  TEvent extends EventObject,
>(title: string, run: ReloadAndBack<TApp, TSnapshot, TEvent>): void {
  // Every state's own shortest path (without duplicates, a path that begins a longer one is
  // left out, its state with it). States the player cannot tell apart (`describe` names them
  // alike) are walked once, on the shortest of their paths.
  const byName = new Map<string, StatePath<TSnapshot, TEvent>>();
  const paths = run.model.getShortestPaths({ allowDuplicatePaths: true });
  for (const path of paths.sort((a, b) => a.steps.length - b.steps.length)) {
    const name = run.describe(path.state);
    if (run.isResting(path.state) && !byName.has(name)) byName.set(name, path);
  }
  const resting = [...byName.values()];
  describe(title, () => {
    it('has resting states to reload and go Back from', () => {
      expect(resting.length).toBeGreaterThan(0);
    });
    for (const path of resting) {
      const name = run.describe(path.state);
      const bug = run.knownBug?.(path) ?? null;
      const gap = run.modelGap?.(path) ?? null;
      if (gap) {
        it.skip(`${name} (${gap})`, () => undefined);
        continue;
      }
      (bug ? it.fails : it)(`${name}${bug ? ` (${bug})` : ''}`, async () => {
        const history = new WalkHistory();
        let app = await run.open();
        try {
          const events = Object.fromEntries(
            Object.entries(run.events).map(([type, execute]) => [
              type,
              (step: Step<TSnapshot, TEvent>) => execute(step, app),
            ]),
          );
          await run.model.testPath(path, { events: events as never, states: {} });
          app = await reloadThenBack<TApp>(history, app, {
            expectScreen: (shown) => run.expectScreen(path.state, shown),
            reload: (shown) => run.reload(shown, path.state),
            stepsDone: run.stepsDone,
            afterBack: (to, shown) => run.afterBack(to, shown, path.state),
          });
        } catch (error) {
          // Which walk it was: the steps to the state, then what went wrong there.
          const steps = path.steps.slice(1).map(({ event }) => {
            const to = (event as { path?: unknown }).path;
            return typeof to === 'string' ? `${event.type} ${to}` : event.type;
          });
          if (error instanceof Error) error.message += `\n  walked: ${steps.join(' → ')}`;
          throw error;
        } finally {
          history.stop();
          run.close(app);
        }
      });
    }
  });
}
