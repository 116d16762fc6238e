// The root of the app's actor system (spec sections 3, 4 and 8): the player's session, signed
// out or signed in, the flags that follow a player across visits, and the operator's settings.
// Signed out it invokes the entry flow; the entry flow's output (the login) signs the player in.
// Signed in it runs the signed-in flows (the draw, the players screen), loaded when a player
// first signs in so that a newcomer's first screen does not carry them. The app starts this root
// with the systemId `session`: the children tell it what the app shell has to know through the
// system (machines/shared/root.ts): the root alone emits effects, its snapshot carries the screen
// on display and what the device keeps, and the shell listens to it alone. The children run by
// id, without systemIds of their own: a path walk (xstate/graph) computes transitions without
// starting or stopping actors, so it registers the same state's children again and again in
// one system (checked with xstate 5.33: a running actor that stops unregisters its systemId,
// the walk's never stop), and a systemId may be registered only once.
import { sendTo } from 'xstate';
import { STORAGE_KEYS } from '../shared/device';

export * from './session.types';
import { initialContext, isAccountDeletion, isSignOut, SYSTEM_IDS } from './session.types';

import { sessionSetup } from './session.setup';

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  type: 'parallel',
  context: ({ input }) => initialContext(input),
  on: {
    'root.effect': { actions: 'emitEffect' },
    'root.screen': { actions: { type: 'placeScreen', params: ({ event }) => event } },
    'root.keep': { actions: { type: 'keepOnDevice', params: ({ event }) => event } },
  },
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
            // Signed out by the deletion itself (not a reload, not a Logout): the disclaimer
            // says the account went, once; the flag lives in no storage, so a reload forgets it.
            // Signed out on this device by the player (Logout, the deletion): the disclaimer
            // shows at once, wherever the player was.
            input: ({ context, event }) => ({
              hasAcceptedTerms: context.hasAcceptedTerms,
              isDesktop: context.isDesktop,
              storedInviteCode: context.kept[STORAGE_KEYS.inviteCode] ?? null,
              accountDeleted: isAccountDeletion(event),
              opensAtDisclaimer: isSignOut(event),
            }),
            // The entry flow ends with the player's login: signed in.
            onDone: {
              target: 'signedIn',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                { type: 'recordSignIn', params: ({ event }) => ({ login: event.output }) },
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
          exit: ['stopDraw', 'stopPlayers', 'stopWallet', 'stopWinnings', 'markFlowsStopped'],
          on: {
            // The player opened an address: the screens that name their routes hear of it.
            'route.opened': {
              guard: 'areFlowsRunning',
              actions: [
                sendTo(SYSTEM_IDS.players, ({ event }) => event),
                sendTo(SYSTEM_IDS.drawCycle, ({ event }) => event),
                sendTo(SYSTEM_IDS.wallet, ({ event }) => event),
                sendTo(SYSTEM_IDS.winnings, ({ event }) => event),
              ],
            },
            // The winnings flow hands the player to /home: the draw shows it (its 'YOU WON!'
            // waits for /home), as if the player had opened it.
            'session.homeShown': { guard: 'areFlowsRunning', actions: 'showDrawHome' },
            'session.grandPrizeShown': {
              actions: [
                { type: 'markGrandPrizeShown', params: ({ event }) => ({ drawId: event.drawId }) },
                'tellDrawFlags',
              ],
            },
            'session.grandPrizesLoaded': {
              actions: {
                type: 'tellWinningsOfPrizes',
                params: ({ event }) => ({ prizes: event.prizes }),
              },
            },
            'session.instructionsSeen': {
              actions: {
                type: 'markInstructionsSeen',
                params: ({ event }) => ({ instructions: event.instructions }),
              },
            },
            'session.questionnaireFinished': { actions: ['markReturning', 'tellDrawFlags'] },
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
                'session.resetDemo': { target: 'resettingDemo' },
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
                  actions: ['forgetEverything', 'resetSession'],
                },
                onError: {
                  target: '#session.auth.signedOut',
                  actions: ['forgetEverything', 'resetSession'],
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
                  actions: ['forgetEverything', 'resetSession'],
                },
                onError: [
                  // Asked from the drawer, which waits to ask again.
                  {
                    guard: 'areFlowsRunning',
                    target: 'active',
                    actions: ['toastDeleteFailed', 'tellWinningsDeletionFailed'],
                  },
                  { target: 'active', actions: 'toastDeleteFailed' },
                ],
              },
              on: {
                'session.unauthorized': {
                  target: '#session.auth.signedOut',
                  actions: ['forgetToken', 'markSignedOut', 'toastUnauthorized'],
                },
              },
            },
            // DEMO_MODE: the player confirmed 'Reset demo'. Every account goes, this one too: the
            // player lands on the signed-out start, told why. Other calls answering 401 while it
            // runs (the server has just ended every session) wait for the reset's own answer.
            resettingDemo: {
              entry: 'startLoading',
              exit: 'stopLoading',
              invoke: {
                id: 'resetDemo',
                src: 'resetDemo',
                onDone: {
                  target: '#session.auth.signedOut',
                  actions: ['forgetEverything', 'resetSession', 'toastDemoReset'],
                },
                onError: [
                  {
                    guard: { type: 'isUnauthorizedFailure', params: ({ event }) => event },
                    target: '#session.auth.signedOut',
                    actions: ['forgetToken', 'markSignedOut', 'toastUnauthorized'],
                  },
                  { target: 'active', actions: 'toastDemoResetFailed' },
                ],
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
