import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assign,
  createActor,
  fromPromise,
  setup,
  SimulatedClock,
  type ActorRefFrom,
  type AnyActorRef,
} from 'xstate';
import { drawCycleMachine } from '../../machines/draw-cycle/draw-cycle.machine';
import type {
  EntryFlowInput,
  entryFlowMachine,
} from '../../machines/entry-flow/entry-flow.machine';
import { playersMachine } from '../../machines/players/players.machine';
import { winningsMachine } from '../../machines/winnings/winnings.machine';
import { walletMachine } from '../../machines/wallet/wallet.machine';
import type { AppConfigResponse, LoginResponse } from '../../contract/api';
import type { AppEffect } from '../../machines/shared/effects';
import { createSessionActors, FALLBACK_APP_CONFIG } from '../../machines/session/session.actors';
import {
  CONFIG_RETRIES,
  sessionMachine,
  type SignedInFlows,
  TOAST_APP_UNAVAILABLE,
  TOAST_DELETE_FAILED,
  TOAST_DEMO_RESET,
  TOAST_DEMO_RESET_FAILED,
  TOAST_UNAUTHORIZED,
  type SessionInput,
} from '../../machines/session/session.machine';
import {
  INITIAL_PERSISTED_SESSION,
  parsePersistedSession,
  readStoredSession,
  serializePersistedSession,
  type PersistedSession,
} from '../../machines/session/session.persistence';
import {
  formatPrize,
  selectPrizeAmount,
  selectSettingsKnown,
} from '../../machines/session/session.selectors';
import { writeRootToDevice } from '../../machines/session/session.device';
import type { ClearDeviceEffect } from '../../machines/shared/effects';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const player = {
  id: '6f1f2c1e-0000-4000-8000-000000000001',
  phone_number: '15555550123',
  main_price: 500,
};
const newcomerLogin: LoginResponse = { token: 'token-new', user: player, questionnaires_count: 0 };
const returningLogin: LoginResponse = {
  token: 'token-back',
  user: player,
  questionnaires_count: 3,
};
const serverConfig: AppConfigResponse = {
  operator_name: 'Acme Draws, Inc.',
  contact_email: 'help@acme.example',
  features: { players: true, tell_us_more: false, final_test: false, demo: false },
};

type Calls = { logout: number; deleteAccount: string[]; appConfig: number; resetDemo: number };

function fakeApi(
  overrides: {
    logout?: () => Promise<unknown>;
    deleteAccount?: (id: string) => Promise<unknown>;
    appConfig?: () => Promise<AppConfigResponse>;
    resetDemo?: () => Promise<unknown>;
  } = {},
) {
  const calls: Calls = { logout: 0, deleteAccount: [], appConfig: 0, resetDemo: 0 };
  const actors = createSessionActors({
    logout: () => {
      calls.logout += 1;
      return overrides.logout?.() ?? Promise.resolve({ message: 'ok' });
    },
    deleteAccount: (id) => {
      calls.deleteAccount.push(id);
      return overrides.deleteAccount?.(id) ?? Promise.resolve({ message: 'ok' });
    },
    appConfig: () => {
      calls.appConfig += 1;
      return overrides.appConfig?.() ?? Promise.resolve(serverConfig);
    },
    resetDemo: () => {
      calls.resetDemo += 1;
      return overrides.resetDemo?.() ?? Promise.resolve({ starter_invite_code: 'X', draw_id: 2 });
    },
  });
  return { actors, calls };
}

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function start(
  options: {
    input?: Partial<SessionInput>;
    api?: ReturnType<typeof fakeApi>;
    clock?: SimulatedClock;
    flows?: typeof loadFlows;
  } = {},
) {
  const api = options.api ?? fakeApi();
  const input: SessionInput = {
    stored: null,
    hasToken: false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...options.input,
  };
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        ...api.actors,
        entryFlow: fakeEntryFlow,
        loadSignedInFlows: options.flows ?? loadFlows,
      },
    }),
    {
      input,
      ...(options.clock ? { clock: options.clock } : {}),
    },
  );
  const effects: Array<AppEffect | ClearDeviceEffect> = [];
  actor.on('*', (effect) => effects.push(effect));
  const stopPersisting = writeRootToDevice(actor, storage);
  actor.start();
  return { actor, effects, calls: api.calls, stop: () => (stopPersisting(), actor.stop()) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The signed-in flows as the app loads them (without their API: their calls fail). */
const loadFlows = fromPromise<SignedInFlows>(() =>
  Promise.resolve({
    drawCycle: drawCycleMachine,
    players: playersMachine,
    wallet: walletMachine,
    winnings: winningsMachine,
  }),
);

/** The entry flow as the session sees it: a child that ends with a login. */
const fakeEntryFlow = setup({
  types: {
    context: {} as { login: LoginResponse | null; input: EntryFlowInput },
    events: {} as { type: 'verified'; login: LoginResponse },
    input: {} as EntryFlowInput,
    output: {} as LoginResponse,
  },
}).createMachine({
  // Kept as given, for the tests to see what the session starts the flow with.
  context: ({ input }) => ({ login: null, input }),
  initial: 'entering',
  states: {
    entering: {
      on: {
        verified: { target: 'signedIn', actions: assign(({ event }) => ({ login: event.login })) },
      },
    },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => context.login ?? newcomerLogin,
}) as unknown as typeof entryFlowMachine;

/** The running entry flow of a signed-out session. */
function entryFlowOf(actor: ActorRefFrom<typeof sessionMachine>) {
  return actor.getSnapshot().children.entryFlow as AnyActorRef | undefined;
}

/** What the session started its running entry flow with. */
function entryInput(actor: ActorRefFrom<typeof sessionMachine>): EntryFlowInput | undefined {
  return (entryFlowOf(actor)?.getSnapshot() as { context: { input: EntryFlowInput } } | undefined)
    ?.context.input;
}

async function signIn(actor: ActorRefFrom<typeof sessionMachine>, login = newcomerLogin) {
  const entryFlow = entryFlowOf(actor);
  if (!entryFlow) throw new Error('The session is not running the entry flow');
  entryFlow.send({ type: 'verified', login });
  await flush();
}

function stored(): PersistedSession {
  return parsePersistedSession(storage.getItem('user-storage'));
}

describe('session: a fresh device', () => {
  it('starts signed out, first-time, terms not accepted, tabs allowed and nothing loading', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ auth: 'signedOut' })).toBe(true);
    expect(snapshot.context).toMatchObject({
      ...INITIAL_PERSISTED_SESSION,
      loading: false,
      canSeeTabs: true,
    });
  });

  it('remembers that the terms were accepted', () => {
    const { actor } = start();
    actor.send({ type: 'session.termsAccepted' });
    expect(actor.getSnapshot().context.hasAcceptedTerms).toBe(true);
    expect(stored().hasAcceptedTerms).toBe(true);
  });
});

describe('session: signing in', () => {
  it('sets authenticated and terms accepted, keeps the user and stores the token', async () => {
    const { actor } = start();
    await signIn(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ auth: { signedIn: 'active' } })).toBe(true);
    expect(snapshot.context.isAuthenticated).toBe(true);
    expect(snapshot.context.hasAcceptedTerms).toBe(true);
    expect(snapshot.context.user).toEqual(player);
    expect(storage.getItem('jwt')).toBe('token-new');
  });

  it('keeps a newcomer (no questionnaires yet) a first-time user on the first questionnaire', async () => {
    const { actor } = start();
    await signIn(actor, newcomerLogin);
    expect(actor.getSnapshot().context.isFirstTimeUser).toBe(true);
    expect(actor.getSnapshot().context.isFirstQuestionnaire).toBe(true);
  });

  it('treats a player with questionnaires_count above 0 as returning', async () => {
    const { actor } = start();
    await signIn(actor, returningLogin);
    expect(actor.getSnapshot().context.isFirstTimeUser).toBe(false);
    expect(actor.getSnapshot().context.isFirstQuestionnaire).toBe(false);
  });

  it('ignores a sign-in while already signed in', async () => {
    const { actor } = start();
    await signIn(actor, newcomerLogin);
    // No entry flow runs while signed in: nothing can sign the player in again.
    expect(entryFlowOf(actor)).toBeUndefined();
    expect(actor.getSnapshot().context.isFirstTimeUser).toBe(true);
  });
});

describe('session: the signed-in flows', () => {
  const running = (actor: ActorRefFrom<typeof sessionMachine>) =>
    Object.keys(actor.getSnapshot().children).filter((id) =>
      ['drawCycle', 'players', 'wallet'].includes(id),
    );

  it('loads the draw and the players screen once signed in, and stops them when signed out', async () => {
    const { actor } = start();
    expect(running(actor)).toEqual([]);
    await signIn(actor);
    expect(running(actor).sort()).toEqual(['drawCycle', 'players', 'wallet']);
    expect(actor.getSnapshot().context.areFlowsRunning).toBe(true);
    actor.send({ type: 'session.unauthorized' });
    expect(running(actor)).toEqual([]);
    expect(actor.getSnapshot().context.areFlowsRunning).toBe(false);
  });

  it('passes an opened address on to the players screen only once it runs', async () => {
    let loaded: (flows: SignedInFlows) => void = () => undefined;
    const flows = fromPromise<SignedInFlows>(() => new Promise((resolve) => (loaded = resolve)));
    const { actor } = start({ flows });
    await signIn(actor);
    // Not loaded yet: nothing to pass the address to, and nothing breaks.
    actor.send({ type: 'route.opened', path: '/players' });
    expect(actor.getSnapshot().status).toBe('active');
    loaded({
      drawCycle: drawCycleMachine,
      players: playersMachine,
      wallet: walletMachine,
      winnings: winningsMachine,
    });
    await flush();
    actor.send({ type: 'route.opened', path: '/players' });
    const players = actor.getSnapshot().children.players as AnyActorRef | undefined;
    expect((players?.getSnapshot() as { value: unknown }).value).toMatchObject({ shown: {} });
  });

  it('says the app could not be loaded when the flows fail to load', async () => {
    const flows = fromPromise<SignedInFlows>(() => Promise.reject(new Error('Failed to fetch')));
    const { actor, effects } = start({ flows });
    await signIn(actor);
    expect(running(actor)).toEqual([]);
    expect(effects).toContainEqual({
      type: 'toast',
      message: TOAST_APP_UNAVAILABLE,
      variant: 'error',
    });
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'active' } })).toBe(true);
  });
});

describe('session: persistence across reloads', () => {
  it('writes user-storage without loading and canSeeTabs, and a reload restores the session', async () => {
    const first = start();
    await signIn(first.actor, returningLogin);
    first.actor.send({ type: 'session.tabsAllowed', allowed: false });
    first.actor.send({ type: 'session.instructionsSeen', instructions: 'wallet' });
    first.actor.send({ type: 'session.grandPrizeShown', drawId: 11 });
    first.stop();

    const raw = storage.getItem('user-storage') ?? '';
    const written = JSON.parse(raw) as { state: Record<string, unknown>; version: number };
    expect(written.version).toBe(0);
    expect(written.state).not.toHaveProperty('loading');
    expect(written.state).not.toHaveProperty('canSeeTabs');

    const reloaded = start({ input: readStoredSession(storage) });
    const snapshot = reloaded.actor.getSnapshot();
    expect(snapshot.matches({ auth: { signedIn: 'active' } })).toBe(true);
    expect(snapshot.context).toMatchObject({
      isAuthenticated: true,
      hasAcceptedTerms: true,
      isFirstTimeUser: false,
      isFirstQuestionnaire: false,
      grandPrizeHasBeenShown: true,
      announcedGrandPrizeDrawIds: [11],
      user: player,
      hasSeenInstructions: { wallet: true, questionaire: false },
      canSeeTabs: true,
      loading: false,
    });
  });

  it('starts signed out when user-storage says signed in but the token is gone', () => {
    const raw = serializePersistedSession({
      ...INITIAL_PERSISTED_SESSION,
      isAuthenticated: true,
      hasAcceptedTerms: true,
      user: player,
    });
    const { actor } = start({ input: { stored: raw, hasToken: false } });
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(actor.getSnapshot().context.hasAcceptedTerms).toBe(true);
  });

  it.each([
    ['not JSON', '{"state": {'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['an array', '[1,2]'],
    ['state of the wrong type', '{"state": "yes"}'],
  ])('starts fresh from a damaged user-storage (%s)', (_, raw) => {
    const { actor } = start({ input: { stored: raw, hasToken: true } });
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject(INITIAL_PERSISTED_SESSION);
  });

  it('keeps the readable fields of a partly damaged entry and defaults the rest', () => {
    const raw = JSON.stringify({
      state: {
        isAuthenticated: true,
        hasAcceptedTerms: 'yes',
        user: player,
        isFirstTimeUser: false,
        hasSeenInstructions: { wallet: 1 },
      },
    });
    expect(parsePersistedSession(raw)).toEqual({
      ...INITIAL_PERSISTED_SESSION,
      isAuthenticated: true,
      user: player,
      isFirstTimeUser: false,
    });
  });

  it('does not count as signed in without a user', () => {
    const raw = JSON.stringify({ state: { isAuthenticated: true, user: null } });
    expect(parsePersistedSession(raw).isAuthenticated).toBe(false);
  });
});

describe('session: a 401 while signed in', () => {
  it('toasts "Please confirm your number again.", signs out and removes the token', async () => {
    const { actor, effects } = start();
    await signIn(actor);
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(actor.getSnapshot().context.isAuthenticated).toBe(false);
    expect(storage.getItem('jwt')).toBeNull();
    expect(stored().isAuthenticated).toBe(false);
    expect(effects).toContainEqual({
      type: 'toast',
      message: TOAST_UNAUTHORIZED,
      variant: 'error',
    });
    expect(TOAST_UNAUTHORIZED).toBe('Please confirm your number again.');
  });

  it('is ignored while signed out (no toast)', () => {
    const { actor, effects } = start();
    actor.send({ type: 'session.unauthorized' });
    expect(effects.filter((e) => e.type === 'toast')).toEqual([]);
  });

  it('during logout does not warn: logout finishes normally', async () => {
    let finish: () => void = () => undefined;
    const api = fakeApi({ logout: () => new Promise<void>((resolve) => (finish = resolve)) });
    const { actor, effects } = start({ api });
    await signIn(actor);
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'loggingOut' } })).toBe(true);
    finish();
    await flush();
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(effects.some((e) => e.type === 'toast')).toBe(false);
  });

  it('during account deletion signs out with the toast', async () => {
    const api = fakeApi({ deleteAccount: () => new Promise(() => undefined) });
    const { actor, effects } = start({ api });
    await signIn(actor);
    actor.send({ type: 'session.deleteAccount' });
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(effects).toContainEqual({
      type: 'toast',
      message: TOAST_UNAUTHORIZED,
      variant: 'error',
    });
  });
});

describe('session: logout', () => {
  it('calls the API, clears the stores and the device, and goes to /disclaimer', async () => {
    const { actor, effects, calls } = start();
    await signIn(actor, returningLogin);
    storage.setItem('draw-storage', '{"state":{}}');
    storage.setItem('inviteCode', 'ABC');
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().context.loading).toBe(true);
    await flush();
    expect(calls.logout).toBe(1);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ auth: 'signedOut' })).toBe(true);
    expect(snapshot.context).toMatchObject({ ...INITIAL_PERSISTED_SESSION, loading: false });
    expect(storage.getItem('jwt')).toBeNull();
    expect(storage.getItem('draw-storage')).toBeNull();
    expect(storage.getItem('inviteCode')).toBeNull();
    expect(stored()).toEqual(INITIAL_PERSISTED_SESSION);
    expect(effects).toContainEqual({ type: 'device.clear' });
    // The entry flow starts on the disclaimer: the route sync takes the player there.
    expect(entryInput(actor)).toMatchObject({ opensAtDisclaimer: true });
  });

  it('signs out on the device even when the server call fails', async () => {
    const api = fakeApi({ logout: () => Promise.reject(new Error('offline')) });
    const { actor, effects } = start({ api });
    await signIn(actor);
    actor.send({ type: 'session.logout' });
    await flush();
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(storage.getItem('jwt')).toBeNull();
    expect(effects).toContainEqual({ type: 'device.clear' });
    expect(entryInput(actor)).toMatchObject({ opensAtDisclaimer: true });
  });

  it('keeps the loaded settings after logout', async () => {
    const { actor } = start();
    await flush();
    await signIn(actor);
    actor.send({ type: 'session.logout' });
    await flush();
    expect(actor.getSnapshot().context.appConfig.operatorName).toBe('Acme Draws, Inc.');
  });
});

describe('session: demo reset (DEMO_MODE)', () => {
  it('resets once, clears everything and opens the disclaimer, saying why', async () => {
    const { actor, effects, calls } = start();
    await signIn(actor);
    actor.send({ type: 'session.resetDemo' });
    actor.send({ type: 'session.resetDemo' });
    expect(actor.getSnapshot().context.loading).toBe(true);
    await flush();
    expect(calls.resetDemo).toBe(1);
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      ...INITIAL_PERSISTED_SESSION,
      loading: false,
    });
    expect(storage.getItem('jwt')).toBeNull();
    expect(effects).toContainEqual({ type: 'device.clear' });
    expect(effects).toContainEqual({ type: 'toast', message: TOAST_DEMO_RESET, variant: 'info' });
    expect(entryInput(actor)).toMatchObject({ opensAtDisclaimer: true, accountDeleted: true });
  });

  it("toasts 'Could not reset the demo' and stays signed in when it fails", async () => {
    const api = fakeApi({
      resetDemo: () =>
        Promise.reject(Object.assign(new Error('404'), { status: 404, detail: 'Not found' })),
    });
    const { actor, effects } = start({ api });
    await signIn(actor);
    actor.send({ type: 'session.resetDemo' });
    await flush();
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'active' } })).toBe(true);
    expect(actor.getSnapshot().context.loading).toBe(false);
    expect(effects).toContainEqual({
      type: 'toast',
      message: TOAST_DEMO_RESET_FAILED,
      variant: 'error',
    });
  });

  it('signs out with the 401 toast when the session was already gone', async () => {
    const api = fakeApi({
      resetDemo: () =>
        Promise.reject(Object.assign(new Error('401'), { status: 401, detail: 'Unauthorized' })),
    });
    const { actor, effects } = start({ api });
    await signIn(actor);
    actor.send({ type: 'session.resetDemo' });
    await flush();
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(effects).toContainEqual({
      type: 'toast',
      message: TOAST_UNAUTHORIZED,
      variant: 'error',
    });
  });
});

describe('session: delete account', () => {
  it("deletes the player's own account, clears everything and goes to /disclaimer", async () => {
    const { actor, effects, calls } = start();
    await signIn(actor);
    actor.send({ type: 'session.deleteAccount' });
    expect(actor.getSnapshot().context.loading).toBe(true);
    await flush();
    expect(calls.deleteAccount).toEqual([player.id]);
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      ...INITIAL_PERSISTED_SESSION,
      loading: false,
    });
    expect(storage.getItem('jwt')).toBeNull();
    expect(effects).toContainEqual({ type: 'device.clear' });
    expect(entryInput(actor)).toMatchObject({ opensAtDisclaimer: true });
  });

  it('tells the disclaimer that the account was deleted', async () => {
    const { actor } = start();
    await signIn(actor);
    actor.send({ type: 'session.deleteAccount' });
    await flush();
    expect(entryInput(actor)).toMatchObject({ accountDeleted: true });
  });

  it('says nothing of a deletion on a fresh start, after a Logout or after a reload', async () => {
    const { actor, stop } = start();
    expect(entryInput(actor)).toMatchObject({ accountDeleted: false });
    await signIn(actor);
    actor.send({ type: 'session.logout' });
    await flush();
    expect(entryInput(actor)).toMatchObject({ accountDeleted: false });
    await signIn(actor);
    actor.send({ type: 'session.deleteAccount' });
    await flush();
    stop();
    const reloaded = start({ input: { stored: storage.getItem('user-storage') } });
    expect(entryInput(reloaded.actor)).toMatchObject({ accountDeleted: false });
  });

  it('tells the winnings flow, whose drawer asked, that the deletion failed', async () => {
    const heard: string[] = [];
    const winnings = setup({}).createMachine({
      on: { '*': { actions: ({ event }) => void heard.push(event.type) } },
    });
    const flows = fromPromise<SignedInFlows>(() =>
      Promise.resolve({
        drawCycle: drawCycleMachine,
        players: playersMachine,
        wallet: walletMachine,
        winnings: winnings as unknown as SignedInFlows['winnings'],
      }),
    );
    const api = fakeApi({ deleteAccount: () => Promise.reject(new Error('500')) });
    const { actor } = start({ api, flows });
    await signIn(actor);
    actor.send({ type: 'session.deleteAccount' });
    await flush();
    expect(heard).toContain('account.deletionFailed');
  });

  it("toasts 'Could not delete user account' and stays signed in when it fails", async () => {
    const api = fakeApi({ deleteAccount: () => Promise.reject(new Error('500')) });
    const { actor, effects } = start({ api });
    await signIn(actor);
    const beforeDelete = effects.length;
    actor.send({ type: 'session.deleteAccount' });
    await flush();
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'active' } })).toBe(true);
    expect(actor.getSnapshot().context.loading).toBe(false);
    expect(storage.getItem('jwt')).toBe('token-new');
    expect(effects).toContainEqual({
      type: 'toast',
      message: TOAST_DELETE_FAILED,
      variant: 'error',
    });
    expect(effects.slice(beforeDelete).some((e) => e.type === 'navigate')).toBe(false);
    expect(TOAST_DELETE_FAILED).toBe('Could not delete user account');
  });

  it('signs the player in without a navigation of its own (the signed-in app shows /home)', async () => {
    const { actor, effects } = start();
    expect(entryInput(actor)).toMatchObject({ opensAtDisclaimer: false });
    await signIn(actor);
    expect(actor.getSnapshot().matches({ auth: 'signedIn' })).toBe(true);
    expect(effects).toEqual([]);
  });
});

describe('session: flags of a signed-in player', () => {
  it('marks the grand prize as shown', async () => {
    const { actor } = start();
    await signIn(actor);
    actor.send({ type: 'session.grandPrizeShown', drawId: 11 });
    expect(actor.getSnapshot().context.grandPrizeHasBeenShown).toBe(true);
  });

  it('remembers each announced grand prize by its draw, once', async () => {
    const { actor } = start();
    await signIn(actor);
    actor.send({ type: 'session.grandPrizeShown', drawId: 11 });
    actor.send({ type: 'session.grandPrizeShown', drawId: 12 });
    actor.send({ type: 'session.grandPrizeShown', drawId: 11 });
    expect(actor.getSnapshot().context.announcedGrandPrizeDrawIds).toEqual([12, 11]);
  });

  it('keeps the announced prizes on the device, and falls back to none when damaged', () => {
    const stored = (announced: unknown) =>
      JSON.stringify({
        state: { ...INITIAL_PERSISTED_SESSION, announcedGrandPrizeDrawIds: announced },
        version: 0,
      });
    expect(parsePersistedSession(stored([11, 12])).announcedGrandPrizeDrawIds).toEqual([11, 12]);
    const damaged = parsePersistedSession(stored('11'));
    expect(damaged.announcedGrandPrizeDrawIds).toEqual([]);
    expect(damaged.hasAcceptedTerms).toBe(INITIAL_PERSISTED_SESSION.hasAcceptedTerms);
  });

  it('marks wallet and questionnaire instructions as seen, each on its own', async () => {
    const { actor } = start();
    await signIn(actor);
    actor.send({ type: 'session.instructionsSeen', instructions: 'questionaire' });
    expect(actor.getSnapshot().context.hasSeenInstructions).toEqual({
      wallet: false,
      questionaire: true,
    });
    actor.send({ type: 'session.instructionsSeen', instructions: 'wallet' });
    expect(actor.getSnapshot().context.hasSeenInstructions).toEqual({
      wallet: true,
      questionaire: true,
    });
  });

  it('marks the player returning once a first questionnaire is answered or skipped', async () => {
    const { actor } = start();
    await signIn(actor, newcomerLogin);
    expect(actor.getSnapshot().context).toMatchObject({
      isFirstTimeUser: true,
      isFirstQuestionnaire: true,
    });
    actor.send({ type: 'session.questionnaireFinished' });
    expect(actor.getSnapshot().context).toMatchObject({
      isFirstTimeUser: false,
      isFirstQuestionnaire: false,
    });
    // Kept on the device: the next visit is a returning player's too.
    expect(stored()).toMatchObject({ isFirstTimeUser: false, isFirstQuestionnaire: false });
  });

  it('ignores a finished questionnaire while signed out', () => {
    const { actor } = start();
    actor.send({ type: 'session.questionnaireFinished' });
    expect(actor.getSnapshot().context.isFirstTimeUser).toBe(true);
    expect(actor.getSnapshot().context.isFirstQuestionnaire).toBe(true);
  });

  it('lets a screen hide and show the tabs (not persisted)', async () => {
    const { actor } = start();
    await signIn(actor);
    actor.send({ type: 'session.tabsAllowed', allowed: false });
    expect(actor.getSnapshot().context.canSeeTabs).toBe(false);
    actor.send({ type: 'session.tabsAllowed', allowed: true });
    expect(actor.getSnapshot().context.canSeeTabs).toBe(true);
  });

  it('shows the prize amount from main_price and hides it at 0', async () => {
    const { actor } = start();
    await signIn(actor);
    expect(selectPrizeAmount(actor.getSnapshot())).toBe(500);
    expect(formatPrize(500)).toBe('$500');
    expect([1000, 25000, 1234567].map(formatPrize)).toEqual(['$1,000', '$25,000', '$1,234,567']);
    actor.send({ type: 'session.logout' });
    await flush();
    await signIn(actor, { ...newcomerLogin, user: { ...player, main_price: 0 } });
    expect(selectPrizeAmount(actor.getSnapshot())).toBeNull();
  });
});

describe('session: the operator settings', () => {
  it('uses the fallback until the server answers, then the server values', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().context.appConfig).toEqual(FALLBACK_APP_CONFIG);
    expect(selectSettingsKnown(actor.getSnapshot())).toBe(false);
    await flush();
    expect(calls.appConfig).toBe(1);
    expect(actor.getSnapshot().matches({ config: 'loaded' })).toBe(true);
    expect(selectSettingsKnown(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.appConfig).toEqual({
      operatorName: 'Acme Draws, Inc.',
      contactEmail: 'help@acme.example',
      features: { players: true, tellUsMore: false, finalTest: false, demo: false },
    });
  });

  it('retries 3 times, 1 s, 2 s then 4 s apart, and loads on a later attempt', async () => {
    const clock = new SimulatedClock();
    let failuresLeft = 2;
    const api = fakeApi({
      appConfig: () =>
        failuresLeft-- > 0 ? Promise.reject(new Error('offline')) : Promise.resolve(serverConfig),
    });
    const { actor, calls } = start({ api, clock });
    await flush();
    expect(actor.getSnapshot().matches({ config: 'waitingToRetry' })).toBe(true);
    // Asked in vain once: the fallback holds, and what waits on the settings waits no more.
    expect(selectSettingsKnown(actor.getSnapshot())).toBe(true);
    clock.increment(999);
    expect(calls.appConfig).toBe(1);
    clock.increment(1);
    await flush();
    expect(calls.appConfig).toBe(2);
    clock.increment(1999);
    expect(calls.appConfig).toBe(2);
    clock.increment(1);
    await flush();
    expect(calls.appConfig).toBe(3);
    expect(actor.getSnapshot().matches({ config: 'loaded' })).toBe(true);
  });

  it('gives up after the third retry and keeps the fallback settings', async () => {
    const clock = new SimulatedClock();
    const api = fakeApi({ appConfig: () => Promise.reject(new Error('offline')) });
    const { actor, calls } = start({ api, clock });
    await flush();
    for (const wait of [1000, 2000, 4000]) {
      clock.increment(wait);
      await flush();
    }
    expect(calls.appConfig).toBe(1 + CONFIG_RETRIES);
    expect(actor.getSnapshot().matches({ config: 'unavailable' })).toBe(true);
    expect(actor.getSnapshot().context.appConfig).toEqual(FALLBACK_APP_CONFIG);
    clock.increment(60_000);
    await flush();
    expect(calls.appConfig).toBe(4);
  });

  it('loads the settings while signed in and signed out alike', async () => {
    const raw = serializePersistedSession({
      ...INITIAL_PERSISTED_SESSION,
      isAuthenticated: true,
      user: player,
    });
    const { actor, calls } = start({ input: { stored: raw, hasToken: true } });
    await flush();
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'active' }, config: 'loaded' })).toBe(
      true,
    );
    expect(calls.appConfig).toBe(1);
  });
});

describe('session: without an API', () => {
  it('fails its calls instead of pretending (placeholders until the app provides the API)', async () => {
    const actor = createActor(sessionMachine, { input: { stored: null, hasToken: false } }).start();
    await flush();
    expect(actor.getSnapshot().matches({ config: 'waitingToRetry' })).toBe(true);
    actor.stop();
    // A fake that resolves: the machine accepts any actor of the same shape.
    const ok = createActor(
      sessionMachine.provide({
        actors: { loadAppConfig: fromPromise(() => Promise.resolve(FALLBACK_APP_CONFIG)) },
      }),
      { input: { stored: null, hasToken: false } },
    ).start();
    await flush();
    expect(ok.getSnapshot().matches({ config: 'loaded' })).toBe(true);
  });
});
