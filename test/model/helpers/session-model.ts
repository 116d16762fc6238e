// The abstract model of the session that path generation walks: the events a player, a screen
// or the network can cause in each state, with small named fixtures, and what tells two states
// apart.
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { LoginResponse } from '../../../contract/api';
import { ApiFailure } from '../../../src/lib/api';
import { toAppConfig } from '../../../machines/session/session.actors';
import { drawCycleMachine } from '../../../machines/draw-cycle/draw-cycle.machine';
import { playersMachine } from '../../../machines/players/players.machine';
import { winningsMachine } from '../../../machines/winnings/winnings.machine';
import { walletMachine } from '../../../machines/wallet/wallet.machine';
import {
  sessionMachine,
  type SessionEvent,
  type SessionInput,
  type SignedInFlows,
} from '../../../machines/session/session.machine';
import {
  INITIAL_PERSISTED_SESSION,
  serializePersistedSession,
} from '../../../machines/session/session.persistence';
import { NEWCOMER_LOGIN, PLAYER, RETURNING_LOGIN, SERVER_CONFIG } from './app-harness';
import { GRAND_PRIZE } from './draw-fake-api';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const CONFIG_RETRY_EVENT = 'xstate.after.configRetry.session.config.waitingToRetry';

type Done<Id extends string, Output> = { type: `xstate.done.actor.${Id}`; output: Output };
type Failed<Id extends string> = { type: `xstate.error.actor.${Id}`; error: unknown };

export type SessionModelEvent =
  | { type: 'xstate.init' }
  | SessionEvent
  /** The entry flow (a child of the session) ends with the player's login. */
  | Done<'entryFlow', LoginResponse>
  | Done<'logout', undefined>
  | Failed<'logout'>
  | Done<'deleteAccount', undefined>
  | Failed<'deleteAccount'>
  | Done<'resetDemo', undefined>
  | Failed<'resetDemo'>
  | Done<'loadSignedInFlows', SignedInFlows>
  | Failed<'loadSignedInFlows'>
  | Done<'loadAppConfig', ReturnType<typeof toAppConfig>>
  | Failed<'loadAppConfig'>
  | { type: typeof CONFIG_RETRY_EVENT };
export type SessionModelEventType = SessionModelEvent['type'];

/** A first visit: nothing on the device. */
export const FRESH_DEVICE: SessionInput = { stored: null, hasToken: false };
/** A reload of a signed-in player: user-storage and jwt from the last visit. */
export const SIGNED_IN_DEVICE: SessionInput = {
  stored: serializePersistedSession({
    ...INITIAL_PERSISTED_SESSION,
    isAuthenticated: true,
    hasAcceptedTerms: true,
    user: PLAYER,
  }),
  hasToken: true,
};

const CANDIDATES: Exclude<SessionModelEvent, { type: 'xstate.init' }>[] = [
  { type: 'session.termsAccepted' },
  { type: 'xstate.done.actor.entryFlow', output: NEWCOMER_LOGIN },
  { type: 'xstate.done.actor.entryFlow', output: RETURNING_LOGIN },
  { type: 'session.unauthorized' },
  { type: 'session.logout' },
  { type: 'session.deleteAccount' },
  { type: 'session.grandPrizeShown', drawId: 11 },
  // The draw loaded the player's grand prizes: one waits for a claim.
  { type: 'session.grandPrizesLoaded', prizes: [GRAND_PRIZE] },
  { type: 'session.instructionsSeen', instructions: 'wallet' },
  { type: 'session.instructionsSeen', instructions: 'questionaire' },
  { type: 'session.tabsAllowed', allowed: false },
  { type: 'session.tabsAllowed', allowed: true },
  // The winnings flow is done with its page (a claim, a message sent): /home shows.
  { type: 'session.homeShown' },
  // A first questionnaire ends (a first-time player's skip on /what-i-like): now returning.
  { type: 'session.questionnaireFinished' },
  // The player opens the players screen (the route sync passes the address on).
  { type: 'route.opened', path: '/players' },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: new ApiFailure(500, null) },
  { type: 'xstate.done.actor.deleteAccount', output: undefined },
  { type: 'xstate.error.actor.deleteAccount', error: new ApiFailure(500, null) },
  // 'Reset demo' confirmed in the drawer (DEMO_MODE): the demo wiped, or not, or the session
  // already gone.
  { type: 'session.resetDemo' },
  { type: 'xstate.done.actor.resetDemo', output: undefined },
  { type: 'xstate.error.actor.resetDemo', error: new ApiFailure(500, null) },
  { type: 'xstate.error.actor.resetDemo', error: new ApiFailure(401, 'Unauthorized') },
  // The signed-in flows load with the signed-in app (or the network fails to bring them).
  {
    type: 'xstate.done.actor.loadSignedInFlows',
    output: {
      drawCycle: drawCycleMachine,
      players: playersMachine,
      wallet: walletMachine,
      winnings: winningsMachine,
    },
  },
  { type: 'xstate.error.actor.loadSignedInFlows', error: new Error('Failed to fetch') },
  { type: 'xstate.done.actor.loadAppConfig', output: toAppConfig(SERVER_CONFIG) },
  { type: 'xstate.error.actor.loadAppConfig', error: new ApiFailure(503, null) },
  { type: CONFIG_RETRY_EVENT },
];

/** The events enabled in `snapshot`, leaving out those that would change nothing. */
export function sessionModelEvents(snapshot: SessionSnapshot): SessionModelEvent[] {
  const c = snapshot.context;
  return CANDIDATES.filter((event) => {
    if (event.type === 'session.termsAccepted' && c.hasAcceptedTerms) return false;
    if (event.type === 'session.grandPrizeShown' && c.grandPrizeHasBeenShown) return false;
    // Only a running draw loads prizes.
    if (event.type === 'session.grandPrizesLoaded' && !c.areFlowsRunning) return false;
    if (event.type === 'session.instructionsSeen' && c.hasSeenInstructions[event.instructions])
      return false;
    if (event.type === 'session.tabsAllowed' && event.allowed === c.canSeeTabs) return false;
    // Only the draw's questions end a questionnaire: the signed-in flows run, and a first one.
    if (
      event.type === 'session.questionnaireFinished' &&
      !(c.areFlowsRunning && c.isFirstQuestionnaire)
    )
      return false;
    return snapshot.can(event as SessionEvent);
  });
}

/**
 * Where the session is and every flag the screens show (so a state's assertions always match
 * the events that led there), plus the failed settings loads while they decide whether a retry
 * comes. The settings themselves follow from the config state.
 */
export function serializeSessionState(snapshot: SessionSnapshot): string {
  const { isAuthenticated, isFirstTimeUser, isFirstQuestionnaire, hasAcceptedTerms } =
    snapshot.context;
  const { grandPrizeHasBeenShown, hasSeenInstructions, loading, canSeeTabs, areFlowsRunning } =
    snapshot.context;
  const flags = {
    isAuthenticated,
    isFirstTimeUser,
    isFirstQuestionnaire,
    hasAcceptedTerms,
    grandPrizeHasBeenShown,
    hasSeenInstructions,
    loading,
    canSeeTabs,
    areFlowsRunning,
  };
  const settling =
    snapshot.matches({ config: 'loading' }) || snapshot.matches({ config: 'waitingToRetry' });
  return JSON.stringify({
    value: snapshot.value,
    flags,
    ...(settling ? { failures: snapshot.context.configFailures } : {}),
  });
}

export function sessionStateMatcher(snapshot: SessionSnapshot, key: string): boolean {
  return snapshot.matches(key as never);
}

/**
 * The session's model from what `input`'s device holds, as the session's walks take it; a walk
 * that tells fewer states apart gives its own `serializeState`.
 */
export function sessionModelFor(
  input: SessionInput,
  serializeState: (snapshot: SessionSnapshot) => string = serializeSessionState,
) {
  return new TestModel<SessionSnapshot, SessionModelEvent, SessionInput>(
    sessionMachine as unknown as ActorLogic<SessionSnapshot, SessionModelEvent, SessionInput>,
    {
      input,
      events: sessionModelEvents,
      serializeState,
      stateMatcher: sessionStateMatcher,
    },
  );
}
