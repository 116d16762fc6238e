// Renders the whole app as a phone would run it (the test DOM's browser location, notistack, device
// storage), with every call the machines make answered by the test.
import { act, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { settle as settleTurn } from '../../support/settle';
import { navigate } from 'wouter/use-browser-location';
import type { ActorOptions, InspectionEvent, SimulatedClock } from 'xstate';
import type {
  AppConfigResponse,
  Invite,
  LoginResponse,
  TimerResponse,
} from '../../../contract/api';
import { createDrawCycleActors } from '../../../machines/draw-cycle/draw-cycle.actors';
import { drawCycleMachine } from '../../../machines/draw-cycle/draw-cycle.machine';
import { createWalletActors } from '../../../machines/wallet/wallet.actors';
import { walletMachine } from '../../../machines/wallet/wallet.machine';
import { FakeWalletApi } from './wallet-fake-api';
import { FakeWinningsApi } from './winnings-fake-api';
import { connectWinnings } from '../../../src/features/winnings/winnings-logic';
import type { SignedInFlows } from '../../../machines/session/session.machine';
import { connectEntryFlow } from '../../../machines/entry-flow/connect';
import {
  createPlayersActors,
  playersMachine,
  type PlayersApi,
  type ShareOutcome,
} from '../../../machines/players/players.machine';
import { createSessionActors, type SessionApi } from '../../../machines/session/session.actors';
import { sessionMachine } from '../../../machines/session/session.machine';
import {
  INITIAL_PERSISTED_SESSION,
  serializePersistedSession,
  type PersistedSession,
} from '../../../machines/session/session.persistence';
import { App } from '../../../src/app/App';
import { FakeCable, FakeDrawApi, TIMER_NOT_ENTERED } from './draw-fake-api';
import { FakeEntryFlowApi } from './fake-entry-flow-api';
import { DeferredApi } from './deferred-api';

export const PLAYER = {
  id: '0b7e3c54-9a51-4c2e-8f7e-5d2f7b1a0001',
  phone_number: '12025550123',
  main_price: 500,
};
export const NEWCOMER_LOGIN: LoginResponse = {
  token: 'newcomer.jwt.token',
  user: PLAYER,
  questionnaires_count: 0,
};
export const RETURNING_LOGIN: LoginResponse = {
  token: 'returning.jwt.token',
  user: PLAYER,
  questionnaires_count: 2,
};
export const SERVER_CONFIG: AppConfigResponse = {
  operator_name: 'Acme Draws, Inc.',
  contact_email: 'help@acme.example',
  features: { players: true, tell_us_more: true, final_test: false, demo: false },
};

type SessionCall = keyof SessionApi;

/** The session's calls; each waits for the test to answer unless answered automatically. */
export class FakeSessionApi extends DeferredApi<SessionCall> implements SessionApi {
  logout = () => this.call<unknown>('logout');
  deleteAccount = (id: string) => this.call<unknown>('deleteAccount', id);
  appConfig = () => this.call<AppConfigResponse>('appConfig');
  resetDemo = () => this.call<unknown>('resetDemo');
}

export class FakePlayersApi implements PlayersApi {
  invites: Invite[] = [];
  shared: string[] = [];
  shareAnswer: () => Promise<ShareOutcome> = () => Promise.resolve('shared');
  listInvites = () => Promise.resolve({ data: this.invites });
  createInvite = () => {
    const code = `PLAY${this.invites.length + 1}`;
    this.invites = [
      ...this.invites,
      {
        id: code,
        type: 'invite' as const,
        attributes: {
          code,
          claimed: false,
          created_at: '2025-04-16T00:00:00Z',
          invited_user: null,
        },
      },
    ];
    return Promise.resolve({ code });
  };
  click = () => Promise.resolve({ message: 'ok' });
  share = (data: { url: string }) => {
    this.shared.push(data.url);
    return this.shareAnswer();
  };
}

/** Puts a signed-in session on the device, as a previous visit would have left it. */
export function storeSignedInSession(changes: Partial<PersistedSession> = {}): void {
  const session: PersistedSession = {
    ...INITIAL_PERSISTED_SESSION,
    isAuthenticated: true,
    hasAcceptedTerms: true,
    user: PLAYER,
    ...changes,
  };
  window.localStorage.setItem('user-storage', serializePersistedSession(session));
  window.localStorage.setItem('jwt', 'stored.jwt.token');
}

export type RenderAppOptions = {
  path?: string;
  inspect?: (event: InspectionEvent) => void;
  clock?: SimulatedClock;
  /** Answer the settings call at once with these settings (default: the test answers). */
  config?: AppConfigResponse | null;
  /** The system's clock when `clock` is not given (the draw is a child of the session). */
  drawClock?: SimulatedClock;
  drawInspect?: (event: InspectionEvent) => void;
  /** The draw's calls (default: `idleDrawApi()`, answered at once). */
  drawApi?: FakeDrawApi;
  /** The wallet's calls (default: the test answers them). */
  walletApi?: FakeWalletApi;
  winningsApi?: FakeWinningsApi;
  /** The test loads (or fails to load) the signed-in flows itself (default: they load). */
  flowsByHand?: boolean;
};

/** The signed-in flows' loading, ended by the test. */
function flowsLoadedByHand(flows: SignedInFlows) {
  const waiting: Array<{ resolve: (flows: SignedInFlows) => void; reject: (e: Error) => void }> =
    [];
  return {
    load: () => new Promise<SignedInFlows>((resolve, reject) => waiting.push({ resolve, reject })),
    isWaiting: () => waiting.length > 0,
    resolve: () => waiting.splice(0).forEach((call) => call.resolve(flows)),
    reject: () =>
      waiting.splice(0).forEach((call) => call.reject(new Error('Failed to fetch the module'))),
  };
}

/**
 * The draw's calls as a player without an entry sees them, answered at once: the timer says
 * the cycle is finished (with `timer`'s changes), no rewards, no grand prize, and the
 * analytics of the questions' buttons are taken. The questions' other calls wait for the test;
 * tests take over a call with answerByHand.
 */
export function idleDrawApi(timer: Partial<TimerResponse> = {}): FakeDrawApi {
  const drawApi = new FakeDrawApi();
  drawApi.answerAlways('timer', () => Promise.resolve({ ...TIMER_NOT_ENTERED, ...timer }));
  drawApi.answerAlways('grandPrizes', () => Promise.resolve({ data: [] }));
  drawApi.answerAlways('rewards', () => Promise.resolve({ data: [] }));
  drawApi.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  return drawApi;
}

export function renderApp(options: RenderAppOptions = {}) {
  window.history.replaceState(null, '', options.path ?? '/');
  const sessionApi = new FakeSessionApi();
  if (options.config !== null) {
    const config = options.config ?? SERVER_CONFIG;
    sessionApi.answerAlways('appConfig', () => Promise.resolve(config));
  }
  const entryApi = new FakeEntryFlowApi();
  entryApi.answerAlways('countInviteClick', () => Promise.resolve({ message: 'ok' }));
  const playersApi = new FakePlayersApi();
  const walletApi = options.walletApi ?? new FakeWalletApi();
  const winningsApi = options.winningsApi ?? new FakeWinningsApi();
  const drawApi = options.drawApi ?? idleDrawApi();
  const cable = new FakeCable();
  const sessionLogic = sessionMachine.provide({ actors: createSessionActors(sessionApi) });
  // One system, one clock and one inspector: the draw runs as a child of the session.
  const clock = options.clock ?? options.drawClock;
  const inspectors = [options.inspect, options.drawInspect].filter((i) => i !== undefined);
  const sessionOptions: Pick<ActorOptions<typeof sessionLogic>, 'inspect'> & {
    clock?: SimulatedClock;
  } = {
    ...(inspectors.length > 0
      ? { inspect: (event: InspectionEvent) => inspectors.forEach((inspect) => inspect(event)) }
      : {}),
    ...(clock ? { clock } : {}),
  };
  const signedInFlows: SignedInFlows = {
    players: playersMachine.provide({ actors: createPlayersActors(playersApi) }),
    drawCycle: drawCycleMachine.provide({ actors: createDrawCycleActors(drawApi, cable.listen) }),
    wallet: walletMachine.provide({ actors: createWalletActors(walletApi) }),
    winnings: connectWinnings(winningsApi),
  };
  const flows = flowsLoadedByHand(signedInFlows);
  const view = render(
    <App
      sessionLogic={sessionLogic}
      sessionOptions={sessionOptions}
      entryFlowLogic={connectEntryFlow(entryApi)}
      loadFlows={options.flowsByHand ? flows.load : () => Promise.resolve(signedInFlows)}
    />,
  );
  return {
    view,
    sessionApi,
    entryApi,
    playersApi,
    drawApi,
    walletApi,
    winningsApi,
    cable,
    flows,
  };
}

/** Follows a link inside the app (what a tap on a link or the address bar does). */
export async function goTo(path: string, state?: Record<string, unknown>): Promise<void> {
  await act(async () => {
    navigate(path, state ? { state } : undefined);
    await Promise.resolve();
  });
}

/** Lets pending promises and the renders they cause settle. */
export async function settle(): Promise<void> {
  await act(settleTurn);
}

/**
 * The longest a screen's code may take to load, a hang guard: a module is transformed the first
 * time it is imported, which takes seconds on a two-core machine running every lane at once.
 */
const CODE_LOAD_GUARD_MS = 15_000;

/** Waits until no screen is still loading its code (the signed-in app, a lazy page), then settles. */
export async function screenLoaded(): Promise<void> {
  await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull(), {
    timeout: CODE_LOAD_GUARD_MS,
  });
  await settle();
}

export function tabBar(): HTMLElement | null {
  return screen.queryByRole('navigation', { name: 'Main' });
}
