// The way machines reach the root of the app's system (machines/shared/root.ts): effects go to
// the root, which alone emits them; screens and persisted parts are reported by each machine's
// reporter; a machine run alone is its own root.
import { describe, expect, it } from 'vitest';
import { assign, createActor, emit, setup, type AnyActorLogic } from 'xstate';
import type { AppEffect } from '../../machines/shared/effects';
import {
  dismissToastAtRoot,
  placeScreen,
  reportToRoot,
  ROOT_ID,
  screenOnDisplay,
  toastAtRoot,
  type ReportedScreens,
  type RootReport,
} from '../../machines/shared/root';
import type { RouteMeta } from '../../machines/shared/routes';

/** A step with two screens, a toast, a dismissal and a persisted flag. */
const step = setup({
  types: { context: {} as { seen: boolean }, emitted: {} as AppEffect },
  actors: {
    reportToRoot: reportToRoot<{ context: { seen: boolean } }>({
      kept: (snapshot) => ({ walletInstruction: snapshot.context.seen ? 'true' : null }),
      historyState: (snapshot) => (snapshot.context.seen ? { seen: true } : undefined),
    }),
  },
  actions: { showToast: toastAtRoot(), dismissHello: dismissToastAtRoot('hello') },
}).createMachine({
  context: { seen: false },
  invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
  initial: 'first',
  states: {
    first: {
      meta: { route: '/first' } satisfies RouteMeta,
      on: {
        next: { target: 'second', actions: assign({ seen: true }) },
        toast: {
          actions: { type: 'showToast', params: { message: 'Hi', variant: 'info', key: 'hello' } },
        },
        dismiss: { actions: 'dismissHello' },
      },
    },
    second: { meta: { route: '/second', once: true } satisfies RouteMeta },
  },
});

/** The smallest root: it runs the step while `on`, and emits what it is told to. */
function rootOf(child: AnyActorLogic) {
  return setup({
    types: {
      context: {} as { screens: ReportedScreens; kept: Record<string, string | null> },
      events: {} as RootReport | { type: 'toggle' } | { type: 'send'; to: string },
      emitted: {} as AppEffect,
    },
    actors: { child },
  }).createMachine({
    context: { screens: [], kept: {} },
    on: {
      'root.effect': { actions: emit(({ event }) => event.effect) },
      'root.screen': {
        actions: assign({ screens: ({ context, event }) => placeScreen(context.screens, event) }),
      },
      'root.keep': {
        actions: assign({
          kept: ({ context, event }) => ({ ...context.kept, [event.key]: event.value }),
        }),
      },
    },
    initial: 'on',
    states: {
      on: { invoke: { id: 'child', systemId: 'child', src: 'child' }, on: { toggle: 'off' } },
      off: { on: { toggle: 'on' } },
    },
  });
}

function run() {
  const root = createActor(rootOf(step), { systemId: ROOT_ID });
  const effects: AppEffect[] = [];
  root.on('*', (effect) => effects.push(effect));
  root.start();
  const child = () => root.system.get('child') as ReturnType<typeof createActor<typeof step>>;
  const screen = () => screenOnDisplay(root.getSnapshot().context.screens);
  return { root, child, effects, screen };
}

describe('effects go through the root', () => {
  it('the root emits the toast and the dismissal a child asks for; the child emits nothing', () => {
    const { child, effects } = run();
    const childEffects: unknown[] = [];
    child().on('*', (effect) => childEffects.push(effect));
    child().send({ type: 'toast' });
    child().send({ type: 'dismiss' });
    expect(effects).toEqual([
      { type: 'toast', message: 'Hi', variant: 'info', key: 'hello' },
      { type: 'dismissToast', key: 'hello' },
    ]);
    expect(childEffects).toEqual([]);
  });

  it('a machine run alone is its own root: it emits its effects itself', () => {
    const alone = createActor(step).start();
    const effects: unknown[] = [];
    alone.on('*', (effect) => effects.push(effect));
    alone.send({ type: 'toast' });
    expect(effects).toEqual([{ type: 'toast', message: 'Hi', variant: 'info', key: 'hello' }]);
  });
});

describe('screens are reported to the root', () => {
  it("carries the child's screen, each change, and none once the child stops", () => {
    const { root, child, screen } = run();
    expect(screen()).toEqual({ route: '/first', also: [], once: false, state: undefined });
    child().send({ type: 'next' });
    expect(screen()).toEqual({ route: '/second', also: [], once: true, state: { seen: true } });
    root.send({ type: 'toggle' });
    expect(screen()).toBeNull();
    // Started again (the same system id, registered anew): it reports afresh.
    root.send({ type: 'toggle' });
    expect(screen()?.route).toBe('/first');
  });

  it('keeps what the device should hold, as the child reports it', () => {
    const { root, child } = run();
    expect(root.getSnapshot().context.kept).toEqual({ walletInstruction: null });
    child().send({ type: 'next' });
    expect(root.getSnapshot().context.kept).toEqual({ walletInstruction: 'true' });
  });

  it('shows the screen reported last; one that leaves uncovers the one below', () => {
    const home = { route: '/home', also: [], once: false };
    const drawer = { route: '/winnings', also: [], once: false };
    let screens: ReportedScreens = [];
    screens = placeScreen(screens, { type: 'root.screen', by: 'draw', screen: home });
    screens = placeScreen(screens, { type: 'root.screen', by: 'winnings', screen: drawer });
    expect(screenOnDisplay(screens)).toBe(drawer);
    screens = placeScreen(screens, { type: 'root.screen', by: 'winnings', screen: null });
    expect(screenOnDisplay(screens)).toBe(home);
    screens = placeScreen(screens, { type: 'root.screen', by: 'draw', screen: null });
    expect(screenOnDisplay(screens)).toBeNull();
  });
});
