// What the session (machines/session/session.machine.ts) holds and hears: its context, events,
// input, the ids it runs its children under, and the texts and limits its chart names.
import { browserClock, type Clock } from '../shared/clock';
import type { GrandPrize } from '../../contract/api';
import type { StorageKey } from '../shared/device';
import { ROOT_ID, type ReportedScreens, type RootReport } from '../shared/root';
import type { DrawCycleMachine } from '../draw-cycle/draw-cycle.machine';
import type { PlayersMachine } from '../players/players.machine';
import type { WalletMachine } from '../wallet/wallet.machine';
import type { WinningsMachine } from '../winnings/winnings.machine';
import { FALLBACK_APP_CONFIG, type AppConfig } from './session.actors';
import { parsePersistedSession, type PersistedSession } from './session.persistence';

export type SessionContext = PersistedSession & {
  isDesktop: boolean;
  /** A call that changes the session is under way (logout, account deletion). */
  loading: boolean;
  /** A screen may hide the tab bar for a while (a tutorial, say). */
  canSeeTabs: boolean;
  appConfig: AppConfig;
  /** Failed attempts to load the settings so far. */
  configFailures: number;
  /** The time the signed-in flows count with (the browser's; a simulated one in tests). */
  clock: Clock;
  /** The device can open a share sheet (`navigator.share`), for the players screen. */
  canShare: boolean;
  /** The app's origin, for the invite links the players screen shares. */
  origin: string;
  /** The signed-in flows are loaded and running (the session passes addresses on to them). */
  areFlowsRunning: boolean;
  /**
   * What the device keeps besides `user-storage`, as the app read it when it started and as the
   * machines have reported it since (root.ts): the token, the draw, the invite code, the
   * wallet's flag. The children start with it; the app's one writer writes it.
   */
  kept: DeviceEntries;
  /** The screens the machines report, the one on display last (root.ts). */
  screens: ReportedScreens;
};

/** Entries of the device's storage by key, serialized; null: none. */
export type DeviceEntries = Partial<Record<StorageKey, string | null>>;

/** The machines that run while a player is signed in, loaded with the signed-in app. */
export type SignedInFlows = {
  drawCycle: DrawCycleMachine;
  players: PlayersMachine;
  wallet: WalletMachine;
  winnings: WinningsMachine;
};

export type InstructionsKind = keyof PersistedSession['hasSeenInstructions'];

export type SessionEvent =
  | { type: 'session.termsAccepted' }
  | { type: 'session.unauthorized' }
  | { type: 'session.logout' }
  | { type: 'session.deleteAccount' }
  /** The player confirmed 'Reset demo' in the drawer (DEMO_MODE): every account goes. */
  | { type: 'session.resetDemo' }
  /** 'YOU WON!' has announced the grand prize of draw `drawId`. */
  | { type: 'session.grandPrizeShown'; drawId: number }
  /** The draw loaded the player's grand prizes: the winnings flow keeps one waiting for a claim. */
  | { type: 'session.grandPrizesLoaded'; prizes: GrandPrize[] }
  | { type: 'session.instructionsSeen'; instructions: InstructionsKind }
  /** The winnings flow is done with its page (a claim, a message sent, the drawer closed): /home. */
  | { type: 'session.homeShown' }
  | { type: 'session.tabsAllowed'; allowed: boolean }
  /** A first questionnaire was answered to its end or skipped: the player is returning. */
  | { type: 'session.questionnaireFinished' }
  /** The player opened an address (a link, Back, a reload): the running flows hear of it. */
  | RouteOpenedEvent
  /** What the machines of the system tell their root (machines/shared/root.ts). */
  | RootReport;

/** An address the player opened, with its query string and history state (the entry flow's). */
export type RouteOpenedEvent = {
  type: 'route.opened';
  path: string;
  search?: string;
  navigationState?: unknown;
};

export type SessionInput = {
  /** The raw `user-storage` entry, as the device holds it (may be damaged or missing). */
  stored: string | null;
  /** Whether a bearer token (`jwt`) is on the device. */
  hasToken: boolean;
  /** The rest of what the device keeps, read with `stored` when the app starts (`kept`). */
  device?: DeviceEntries;
  /** On a desktop the disclaimer needs no ticked box (spec section 5). */
  isDesktop?: boolean;
  /** The browser's clock unless given; give the same one to `createActor` for the delays. */
  clock?: Clock;
  canShare?: boolean;
  origin?: string;
};

/** The root's systemId, and the ids the root runs its children with (`snapshot.children`). */
export const SYSTEM_IDS = {
  session: ROOT_ID,
  entryFlow: 'entryFlow',
  drawCycle: 'drawCycle',
  players: 'players',
  wallet: 'wallet',
  winnings: 'winnings',
} as const;

/** Retries after a failed settings load (spec section 9: 3 retries, delay doubling from 1 s). */
export const CONFIG_RETRIES = 3;
export const CONFIG_RETRY_BASE_MS = 1000;
export const CONFIG_RETRY_MAX_MS = 30_000;

/** Prizes remembered as announced: wins are rare, the oldest are forgotten past this. */
export const MAX_ANNOUNCED_GRAND_PRIZES = 100;

export const TOAST_UNAUTHORIZED = 'Please confirm your number again.';
export const TOAST_DELETE_FAILED = 'Could not delete user account';
export const TOAST_DEMO_RESET =
  'The demo was reset: every account was erased. Sign up again with the new starter invite code.';
export const TOAST_DEMO_RESET_FAILED = 'Could not reset the demo';
export const TOAST_APP_UNAVAILABLE = 'The app could not be loaded. Please reload the page.';

/** The event that signs a player out because their account is gone (the deletion's answer). */
export const isAccountDeletion = (event: { type: string }): boolean =>
  event.type === 'xstate.done.actor.deleteAccount' || isDemoReset(event);

/** The event that signs a player out because the demo was wiped, their account with it. */
export const isDemoReset = (event: { type: string }): boolean =>
  event.type === 'xstate.done.actor.resetDemo';

/** The events that sign a player out on this device: Logout (whatever the server said), the deletion. */
export const isSignOut = (event: { type: string }): boolean =>
  isAccountDeletion(event) ||
  event.type === 'xstate.done.actor.logout' ||
  event.type === 'xstate.error.actor.logout';

export function initialContext(input: SessionInput): SessionContext {
  const persisted = parsePersistedSession(input.stored);
  return {
    ...persisted,
    // Without the token no call can succeed: the player has to sign in again.
    isAuthenticated: persisted.isAuthenticated && input.hasToken,
    isDesktop: input.isDesktop ?? false,
    loading: false,
    canSeeTabs: true,
    appConfig: FALLBACK_APP_CONFIG,
    configFailures: 0,
    clock: input.clock ?? browserClock,
    canShare: input.canShare ?? false,
    origin: input.origin ?? '',
    areFlowsRunning: false,
    kept: input.device ?? {},
    screens: [],
  };
}
