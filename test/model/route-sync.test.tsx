// The one place machine state and the address bar meet (src/lib/route-sync.ts), on a small
// chart: screens name their routes in `meta`; the app follows the machine, and tells it only
// when the player goes somewhere.
import { act, render, waitFor } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { Router } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assign,
  setup,
  type Actor,
  type ActorOptions,
  type AnyActorRef,
  type AnyStateMachine,
  type EventFromLogic,
} from 'xstate';
import { reportToRoot, ROOT_ID } from '../../machines/shared/root';
import { useRouteSync, type Opening } from '../../src/lib/route-sync';
import { standInRoot } from '../support/root-stand-in';

type Opened = { type: 'route.opened'; path: string };

const chart = setup({
  types: {
    context: {} as { opened: string[]; skipFirst: boolean },
    events: {} as Opened | { type: 'next' },
    input: {} as { skipFirst: boolean },
  },
  actions: {
    count: assign({
      opened: ({ context, event }) =>
        event.type === 'route.opened' ? [...context.opened, event.path] : context.opened,
    }),
  },
}).createMachine({
  context: ({ input }) => ({ opened: [], skipFirst: input.skipFirst }),
  initial: 'waiting',
  on: {
    'route.opened': [
      // /first once it was seen is skipped: a redirect.
      {
        guard: ({ context, event }) => event.path === '/first' && context.skipFirst,
        target: '.second',
        actions: 'count',
      },
      { guard: ({ event }) => event.path === '/first', target: '.first', actions: 'count' },
      { guard: ({ event }) => event.path === '/second', target: '.second', actions: 'count' },
      { guard: ({ event }) => event.path === '/intro', target: '.intro', actions: 'count' },
    ],
  },
  states: {
    waiting: {},
    // An introduction seen once on the way.
    intro: { meta: { route: '/intro', once: true }, on: { next: 'first' } },
    first: { meta: { route: '/first' }, on: { next: 'second' } },
    second: { meta: { route: '/second' } },
  },
});

/** Runs `logic` at `path` with the route sync, as a screen host does; the running actor. */
function host<TLogic extends AnyStateMachine>(
  logic: TLogic,
  path: string,
  options: ActorOptions<TLogic>,
  opened: (opening: Opening) => EventFromLogic<TLogic> | null,
): () => Actor<TLogic> {
  window.history.replaceState(null, '', path);
  let actor: Actor<TLogic> | null = null;
  function Screens() {
    const ref = useActorRef(logic, options);
    actor = ref;
    useRouteSync(ref, opened);
    return null;
  }
  render(
    <Router>
      <Screens />
    </Router>,
  );
  return () => actor!;
}

function open(path: string, skipFirst = false) {
  const actor = host(chart, path, { input: { skipFirst } }, ({ path: at }) =>
    ['/first', '/second', '/intro'].includes(at)
      ? { type: 'route.opened' as const, path: at }
      : null,
  );
  return {
    context: () => actor().getSnapshot().context,
    send: (event: { type: 'next' }) => {
      act(() => actor().send(event));
    },
  };
}

/** The addresses pushed as new history entries (Back returns to the one before each). */
function pushes() {
  const spy = vi.spyOn(window.history, 'pushState');
  return () => spy.mock.calls.map((call) => String(call[2]));
}

describe('route sync', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('tells the machine the route the player opened, once', () => {
    const app = open('/first');
    expect(window.location.pathname).toBe('/first');
    expect(app.context().opened).toEqual(['/first']);
  });

  it('follows the machine to its next screen as a new history entry, without telling it', () => {
    const app = open('/first');
    const pushed = pushes();
    app.send({ type: 'next' });
    expect(window.location.pathname).toBe('/second');
    expect(pushed()).toEqual(['/second']);
    expect(app.context().opened).toEqual(['/first']);
  });

  it('tells the machine when the player goes Back', async () => {
    const app = open('/first');
    app.send({ type: 'next' });
    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/first'));
    await waitFor(() => expect(app.context().opened).toEqual(['/first', '/first']));
  });

  it('replaces an address the machine redirects, so Back does not return to it', () => {
    const pushed = pushes();
    const app = open('/first', true);
    expect(window.location.pathname).toBe('/second');
    expect(pushed()).toEqual([]);
    expect(app.context().opened).toEqual(['/first']);
  });

  it('replaces the address of a screen seen once when the machine moves on from it', () => {
    const app = open('/intro');
    const pushed = pushes();
    app.send({ type: 'next' });
    expect(window.location.pathname).toBe('/first');
    expect(pushed()).toEqual([]);
    expect(app.context().opened).toEqual(['/intro']);
  });

  it('follows a child flow between its screens, and its parent once the flow is done', () => {
    // Each machine reports its own screen to the root (machines/shared/root.ts); the route sync
    // follows the root's screen on display, the one reported last.
    const step = setup({
      types: { events: {} as { type: 'next' } },
      actors: { reportToRoot: reportToRoot() },
    }).createMachine({
      invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
      initial: 'first',
      states: {
        first: { meta: { route: '/step-1' }, on: { next: 'second' } },
        second: { meta: { route: '/step-2' }, on: { next: 'done' } },
        done: { type: 'final' },
      },
    });
    const flowHost = setup({
      types: { events: {} as Opened },
      actors: { step, reportToRoot: reportToRoot() },
    }).createMachine({
      invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
      initial: 'waiting',
      on: { 'route.opened': { guard: ({ event }) => event.path === '/step-1', target: '.flow' } },
      states: {
        waiting: {},
        flow: { invoke: { id: 'step', src: 'step', onDone: 'finished' } },
        finished: { meta: { route: '/finished' } },
      },
    });
    const root = standInRoot({ id: 'flowHost', logic: flowHost, forwarded: ['route.opened'] });
    const actor = host(root, '/step-1', { systemId: ROOT_ID }, ({ path }) => ({
      type: 'route.opened',
      path,
    }));
    const pushed = pushes();
    const running = (id: string, ref: AnyActorRef) =>
      (ref.getSnapshot() as { children: Record<string, AnyActorRef> }).children[id]!;
    const next = () =>
      act(() => {
        running('step', running('flowHost', actor())).send({ type: 'next' });
      });
    next();
    expect(window.location.pathname).toBe('/step-2');
    next();
    expect(window.location.pathname).toBe('/finished');
    expect(pushed()).toEqual(['/step-2', '/finished']);
  });
});
