// The session as the root of the app's system (machines/shared/root.ts, DESIGN.md section 8):
// its children run under system ids and report to it; it alone emits; its snapshot carries the
// screen on display and what the device keeps, which it starts with as read once by the app.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, type AnyActorRef } from 'xstate';
import type { LoginResponse } from '../../contract/api';
import { drawCycleMachine } from '../../machines/draw-cycle/draw-cycle.machine';
import { playersMachine } from '../../machines/players/players.machine';
import { createSessionActors } from '../../machines/session/session.actors';
import { writeRootToDevice } from '../../machines/session/session.device';
import {
  sessionMachine,
  SYSTEM_IDS,
  type SessionInput,
  type SignedInFlows,
} from '../../machines/session/session.machine';
import { readStoredSession } from '../../machines/session/session.persistence';
import { selectScreen } from '../../machines/session/session.selectors';
import { walletMachine } from '../../machines/wallet/wallet.machine';
import { winningsMachine } from '../../machines/winnings/winnings.machine';

const login: LoginResponse = {
  token: 'token-new',
  user: { id: '6f1f2c1e-0000-4000-8000-000000000001', phone_number: '15555550123', main_price: 5 },
  questionnaires_count: 0,
};

/** An entry flow that ends with the login when told, and shows /disclaimer meanwhile. */
const entryFlow = setup({
  types: { input: {} as { storedInviteCode: string | null }, context: {} as { code: unknown } },
}).createMachine({
  context: ({ input }) => ({ code: input.storedInviteCode }),
  initial: 'entering',
  states: { entering: { on: { verified: 'signedIn' } }, signedIn: { type: 'final' } },
  output: () => login,
});

const flows: SignedInFlows = {
  drawCycle: drawCycleMachine,
  players: playersMachine,
  wallet: walletMachine,
  winnings: winningsMachine,
};

function memory(items: Record<string, string> = {}) {
  const map = new Map(Object.entries(items));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
    entries: () => Object.fromEntries(map),
  };
}

function start(input: Partial<SessionInput> = {}, storage = memory()) {
  const never = () => new Promise<never>(() => undefined);
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        ...createSessionActors({
          logout: never,
          deleteAccount: never,
          appConfig: never,
          resetDemo: never,
        }),
        entryFlow: entryFlow as never,
        loadSignedInFlows: fromPromise(() => Promise.resolve(flows)),
      },
    }),
    { systemId: SYSTEM_IDS.session, input: { stored: null, hasToken: false, ...input } },
  );
  const effects: unknown[] = [];
  actor.on('*', (effect) => effects.push(effect));
  writeRootToDevice(actor, storage);
  actor.start();
  return { actor, effects, storage };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => vi.stubGlobal('sessionStorage', memory()));
afterEach(() => vi.unstubAllGlobals());

describe('session: the root of the system', () => {
  it('reads what the device keeps once, and starts its children with it', async () => {
    const device = memory({ inviteCode: 'FRIEND', walletInstruction: 'true', jwt: 'token-old' });
    const input = readStoredSession(device);
    expect(input).toMatchObject({ hasToken: true, device: { inviteCode: 'FRIEND' } });
    const { actor } = start(input);
    const entry = actor.getSnapshot().children[SYSTEM_IDS.entryFlow] as AnyActorRef;
    expect((entry.getSnapshot() as { context: { code: unknown } }).context.code).toBe('FRIEND');
    entry.send({ type: 'verified' });
    await flush();
    const wallet = actor.getSnapshot().children[SYSTEM_IDS.wallet] as AnyActorRef;
    const walletContext = (wallet.getSnapshot() as { context: { hasSeenInstructions: boolean } })
      .context;
    expect(walletContext.hasSeenInstructions).toBe(true);
  });

  it('emits the effects its children send it, and keeps the screen and entries they report', () => {
    const { actor, effects, storage } = start();
    actor.send({ type: 'root.effect', effect: { type: 'toast', message: 'Hi', variant: 'info' } });
    expect(effects).toEqual([{ type: 'toast', message: 'Hi', variant: 'info' }]);
    const screen = { route: '/invite-code', also: [], once: false };
    actor.send({ type: 'root.screen', by: 'x:1', screen });
    expect(selectScreen(actor.getSnapshot())).toEqual(screen);
    actor.send({ type: 'root.screen', by: 'x:1', screen: null });
    expect(selectScreen(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'root.keep', key: 'inviteCode', value: 'FRIEND' });
    expect(storage.entries()).toMatchObject({ inviteCode: 'FRIEND' });
  });

  it("the one writer keeps the token and the player's session on the device", async () => {
    const { actor, storage } = start();
    (actor.getSnapshot().children[SYSTEM_IDS.entryFlow] as AnyActorRef).send({ type: 'verified' });
    await flush();
    expect(storage.getItem('jwt')).toBe('token-new');
    expect(JSON.parse(storage.getItem('user-storage') ?? '{}')).toMatchObject({
      state: { isAuthenticated: true, user: login.user },
    });
  });
});
