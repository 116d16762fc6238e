// The root of the app's actor system (spec sections 3, 4 and 8): the player's session, signed
// out or signed in, the flags that follow a player across visits, and the operator's settings.
// Signed out it invokes the entry flow; the entry flow's output (the login) signs the player in.
// Signed in it runs the signed-in flows (the draw, the players screen), loaded when a player
// first signs in so that a newcomer's first screen does not carry them. The app starts this root
// with the systemId `session`, so children reach it through the system (`system.get('session')`),
// never through the views. The children run by id, without systemIds of their own: a path walk
// (xstate/graph) enters the same state many times in one system, and a systemId may be
// registered only once.
import { assign, emit, fromPromise, sendTo, setup, stopChild, type AnyActorLogic } from 'xstate';
import type { LoginResponse, User } from '../../contract/api';
import type { DrawCycleInput } from '../draw-cycle/draw-cycle.machine';
import { readStoredDraw } from '../draw-cycle/draw-cycle.persistence';
import type { PlayersInput } from '../players/players.machine';
import type { WalletInput } from '../wallet/wallet.machine';
import { entryFlowMachine } from '../entry-flow/entry-flow.machine';
import { readItem, STORAGE_KEYS } from '../shared/device';
import type { AppEffect } from '../shared/effects';
import { disconnectedSessionActors, type AppConfig } from './session.actors';
import {
  browserStorage,
  clearDevice,
  INITIAL_PERSISTED_SESSION,
  removeToken,
  writeToken,
} from './session.persistence';

export * from './session.types';
import {
  AFTER_SIGN_OUT_PATH,
  CONFIG_RETRIES,
  CONFIG_RETRY_BASE_MS,
  CONFIG_RETRY_MAX_MS,
  initialContext,
  type InstructionsKind,
  MAX_ANNOUNCED_GRAND_PRIZES,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
  SIGNED_IN_PATH,
  type SignedInFlows,
  SYSTEM_IDS,
  TOAST_APP_UNAVAILABLE,
  TOAST_DELETE_FAILED,
  TOAST_UNAUTHORIZED,
} from './session.types';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as AppEffect,
  },
  actors: {
    ...disconnectedSessionActors,
    // The app provides the entry flow connected to the API, and loads the signed-in flows
    // connected to it; tests provide them with fakes.
    entryFlow: entryFlowMachine,
    loadSignedInFlows: fromPromise<SignedInFlows>(() =>
      Promise.reject(new Error('The session was started without its signed-in flows.')),
    ),
  },
  guards: {
    isAuthenticated: ({ context }) => context.isAuthenticated,
    areFlowsRunning: ({ context }) => context.areFlowsRunning,
    canRetryConfig: ({ context }) => context.configFailures < CONFIG_RETRIES,
  },
  delays: {
    configRetry: ({ context }) =>
      Math.min(CONFIG_RETRY_BASE_MS * 2 ** (context.configFailures - 1), CONFIG_RETRY_MAX_MS),
  },
  actions: {
    acceptTerms: assign({ hasAcceptedTerms: true }),
    // The draw reads the session's flags from the session itself when it needs them; the
    // players screen stays idle until the player opens it.
    startSignedInFlows: assign(({ context, self, spawn }, flows: SignedInFlows) => {
      // Loaded logic, not named in `actors`: its ids and inputs are typed here.
      const start = spawn as unknown as (logic: AnyActorLogic, options: object) => unknown;
      start(flows.drawCycle, {
        id: SYSTEM_IDS.drawCycle,
        input: {
          clock: context.clock,
          stored: readStoredDraw(browserStorage()),
          session: self,
        } satisfies DrawCycleInput,
      });
      start(flows.players, {
        id: SYSTEM_IDS.players,
        input: { canShare: context.canShare, origin: context.origin } satisfies PlayersInput,
      });
      start(flows.wallet, {
        id: SYSTEM_IDS.wallet,
        input: {
          // A flag the device kept from an earlier visit counts too (walletInstruction).
          hasSeenInstructions:
            context.hasSeenInstructions.wallet ||
            readItem(browserStorage(), STORAGE_KEYS.walletInstruction) === 'true',
        } satisfies WalletInput,
      });
      return { areFlowsRunning: true };
    }),
    stopDraw: stopChild(SYSTEM_IDS.drawCycle),
    stopPlayers: stopChild(SYSTEM_IDS.players),
    stopWallet: stopChild(SYSTEM_IDS.wallet),
    markFlowsStopped: assign({ areFlowsRunning: false }),
    toastFlowsUnavailable: emit({
      type: 'toast',
      message: TOAST_APP_UNAVAILABLE,
      variant: 'error',
    }),
    storeToken: (_, params: { token: string }) => writeToken(browserStorage(), params.token),
    recordSignIn: assign((_, params: { login: LoginResponse }) => {
      const returning = params.login.questionnaires_count > 0;
      return {
        isAuthenticated: true,
        hasAcceptedTerms: true,
        user: params.login.user satisfies User,
        ...(returning ? { isFirstTimeUser: false, isFirstQuestionnaire: false } : {}),
      };
    }),
    forgetToken: () => removeToken(browserStorage()),
    markSignedOut: assign({ isAuthenticated: false }),
    toastUnauthorized: emit({ type: 'toast', message: TOAST_UNAUTHORIZED, variant: 'error' }),
    startLoading: assign({ loading: true }),
    stopLoading: assign({ loading: false }),
    forgetEverything: () => clearDevice(browserStorage()),
    resetSession: assign({ ...INITIAL_PERSISTED_SESSION, loading: false, canSeeTabs: true }),
    navigateAfterSignOut: emit({ type: 'navigate', to: AFTER_SIGN_OUT_PATH, replace: true }),
    navigateHome: emit({ type: 'navigate', to: SIGNED_IN_PATH }),
    toastDeleteFailed: emit({ type: 'toast', message: TOAST_DELETE_FAILED, variant: 'error' }),
    markGrandPrizeShown: assign(({ context }, params: { drawId: number }) => ({
      grandPrizeHasBeenShown: true,
      announcedGrandPrizeDrawIds: [
        ...context.announcedGrandPrizeDrawIds.filter((id) => id !== params.drawId),
        params.drawId,
      ].slice(-MAX_ANNOUNCED_GRAND_PRIZES),
    })),
    markInstructionsSeen: assign(({ context }, params: { instructions: InstructionsKind }) => ({
      hasSeenInstructions: { ...context.hasSeenInstructions, [params.instructions]: true },
    })),
    markReturning: assign({ isFirstTimeUser: false, isFirstQuestionnaire: false }),
    allowTabs: assign((_, params: { allowed: boolean }) => ({ canSeeTabs: params.allowed })),
    storeAppConfig: assign((_, params: { config: AppConfig }) => ({ appConfig: params.config })),
    countConfigFailure: assign(({ context }) => ({ configFailures: context.configFailures + 1 })),
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: ({ input }) => initialContext(input),
  states: {
    auth: {
      initial: 'resolving',
      states: {
        resolving: {
          always: [{ guard: 'isAuthenticated', target: 'signedIn' }, { target: 'signedOut' }],
        },
        signedOut: {
          invoke: {
            id: SYSTEM_IDS.entryFlow,
            src: 'entryFlow',
            input: ({ context }) => ({
              hasAcceptedTerms: context.hasAcceptedTerms,
              isDesktop: context.isDesktop,
              storedInviteCode: readItem(browserStorage(), STORAGE_KEYS.inviteCode),
            }),
            // The entry flow ends with the player's login: signed in.
            onDone: {
              target: 'signedIn',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                { type: 'recordSignIn', params: ({ event }) => ({ login: event.output }) },
                'navigateHome',
              ],
            },
          },
          on: {
            'session.termsAccepted': { actions: 'acceptTerms' },
          },
        },
        signedIn: {
          initial: 'active',
          // The draw runs while a player is signed in (the timer is fetched only then), and
          // the players screen; they load with the signed-in app, the first time it is needed.
          invoke: {
            id: 'loadSignedInFlows',
            src: 'loadSignedInFlows',
            onDone: {
              actions: { type: 'startSignedInFlows', params: ({ event }) => event.output },
            },
            onError: { actions: 'toastFlowsUnavailable' },
          },
          exit: ['stopDraw', 'stopPlayers', 'stopWallet', 'markFlowsStopped'],
          on: {
            // The player opened an address: the screens that name their routes hear of it.
            'route.opened': {
              guard: 'areFlowsRunning',
              actions: [
                sendTo(SYSTEM_IDS.players, ({ event }) => event),
                sendTo(SYSTEM_IDS.drawCycle, ({ event }) => event),
                sendTo(SYSTEM_IDS.wallet, ({ event }) => event),
              ],
            },
            'session.grandPrizeShown': {
              actions: [
                { type: 'markGrandPrizeShown', params: ({ event }) => ({ drawId: event.drawId }) },
              ],
            },
            'session.instructionsSeen': {
              actions: {
                type: 'markInstructionsSeen',
                params: ({ event }) => ({ instructions: event.instructions }),
              },
            },
            'session.questionnaireFinished': { actions: 'markReturning' },
            'session.tabsAllowed': {
              actions: { type: 'allowTabs', params: ({ event }) => ({ allowed: event.allowed }) },
            },
          },
          states: {
            active: {
              on: {
                'session.unauthorized': {
                  target: '#session.auth.signedOut',
                  actions: ['forgetToken', 'markSignedOut', 'toastUnauthorized'],
                },
                'session.logout': { target: 'loggingOut' },
                'session.deleteAccount': { target: 'deletingAccount' },
              },
            },
            // The server may already have dropped the session: the player is signed out on
            // this device whatever the answer, and a 401 here is no reason to warn them.
            loggingOut: {
              entry: 'startLoading',
              exit: 'stopLoading',
              invoke: {
                id: 'logout',
                src: 'logout',
                onDone: {
                  target: '#session.auth.signedOut',
                  actions: ['forgetEverything', 'resetSession', 'navigateAfterSignOut'],
                },
                onError: {
                  target: '#session.auth.signedOut',
                  actions: ['forgetEverything', 'resetSession', 'navigateAfterSignOut'],
                },
              },
            },
            deletingAccount: {
              entry: 'startLoading',
              exit: 'stopLoading',
              invoke: {
                id: 'deleteAccount',
                src: 'deleteAccount',
                input: ({ context }) => ({ userId: context.user?.id ?? '' }),
                onDone: {
                  target: '#session.auth.signedOut',
                  actions: ['forgetEverything', 'resetSession', 'navigateAfterSignOut'],
                },
                onError: { target: 'active', actions: 'toastDeleteFailed' },
              },
              on: {
                'session.unauthorized': {
                  target: '#session.auth.signedOut',
                  actions: ['forgetToken', 'markSignedOut', 'toastUnauthorized'],
                },
              },
            },
          },
        },
      },
    },
    config: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadAppConfig',
            src: 'loadAppConfig',
            onDone: {
              target: 'loaded',
              actions: {
                type: 'storeAppConfig',
                params: ({ event }) => ({ config: event.output }),
              },
            },
            onError: [
              { guard: 'canRetryConfig', target: 'waitingToRetry', actions: 'countConfigFailure' },
              // The fallback settings stay in place: the app works, features stay off.
              { target: 'unavailable' },
            ],
          },
        },
        waitingToRetry: { after: { configRetry: 'loading' } },
        loaded: {},
        unavailable: {},
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
