// What the session's chart (session.machine.ts) is built from: its types, the children and calls
// it invokes, its named delay, and its guards and actions. The chart itself reads on its own.
import {
  assign,
  emit,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  stopChild,
  type AnyActorLogic,
} from 'xstate';
import type { GrandPrize, LoginResponse, User } from '../../contract/api';
import type { DrawCycleInput } from '../draw-cycle/draw-cycle.machine';
import { sessionFlagsOf } from './session-flags';
import type { PlayersInput } from '../players/players.machine';
import type { WalletInput } from '../wallet/wallet.machine';
import { entryFlowMachine } from '../entry-flow/entry-flow.machine';
import { STORAGE_KEYS } from '../shared/device';
import { PATHS } from '../shared/paths';
import { toCallFailure } from '../shared/call-failure';
import type { ClearDeviceEffect, DismissToastEffect, ToastEffect } from '../shared/effects';
import { placeScreen, type RootKeepEvent, type RootScreenEvent } from '../shared/root';
import { disconnectedSessionActors, type AppConfig } from './session.actors';
import { INITIAL_PERSISTED_SESSION } from './session.persistence';

import {
  CONFIG_RETRIES,
  CONFIG_RETRY_BASE_MS,
  CONFIG_RETRY_MAX_MS,
  type InstructionsKind,
  MAX_ANNOUNCED_GRAND_PRIZES,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
  type SignedInFlows,
  SYSTEM_IDS,
  TOAST_APP_UNAVAILABLE,
  TOAST_DELETE_FAILED,
  TOAST_DEMO_RESET,
  TOAST_DEMO_RESET_FAILED,
  TOAST_UNAUTHORIZED,
} from './session.types';

export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    // What the page must do: toasts (its own and the other machines'), and forgetting the device.
    emitted: {} as ToastEffect | DismissToastEffect | ClearDeviceEffect,
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
    isUnauthorizedFailure: (_, params: { error: unknown }) =>
      toCallFailure(params.error).status === 401,
  },
  delays: {
    configRetry: ({ context }) =>
      Math.min(CONFIG_RETRY_BASE_MS * 2 ** (context.configFailures - 1), CONFIG_RETRY_MAX_MS),
  },
  actions: {
    acceptTerms: assign({ hasAcceptedTerms: true }),
    // The draw reads the session's flags from the session itself when it needs them; the
    // players screen stays idle until the player opens it.
    startSignedInFlows: assign(({ context, spawn }, flows: SignedInFlows) => {
      // Loaded logic, not named in `actors`: its ids and inputs are typed here.
      const start = spawn as unknown as (logic: AnyActorLogic, options: object) => unknown;
      start(flows.drawCycle, {
        id: SYSTEM_IDS.drawCycle,
        input: {
          clock: context.clock,
          stored: context.kept[STORAGE_KEYS.drawStorage] ?? null,
          flags: sessionFlagsOf(context),
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
            context.kept[STORAGE_KEYS.walletInstruction] === 'true',
        } satisfies WalletInput,
      });
      start(flows.winnings, { id: SYSTEM_IDS.winnings });
      return { areFlowsRunning: true };
    }),
    stopDraw: stopChild(SYSTEM_IDS.drawCycle),
    stopPlayers: stopChild(SYSTEM_IDS.players),
    stopWallet: stopChild(SYSTEM_IDS.wallet),
    stopWinnings: stopChild(SYSTEM_IDS.winnings),
    markFlowsStopped: assign({ areFlowsRunning: false }),
    toastFlowsUnavailable: emit({
      type: 'toast',
      message: TOAST_APP_UNAVAILABLE,
      variant: 'error',
    }),
    // The device keeps the token (jwt), written by the app's writer like the rest.
    storeToken: assign(({ context }, params: { token: string }) => ({
      kept: { ...context.kept, [STORAGE_KEYS.jwt]: params.token },
    })),
    recordSignIn: assign((_, params: { login: LoginResponse }) => {
      const returning = params.login.questionnaires_count > 0;
      return {
        isAuthenticated: true,
        hasAcceptedTerms: true,
        user: params.login.user satisfies User,
        ...(returning ? { isFirstTimeUser: false, isFirstQuestionnaire: false } : {}),
      };
    }),
    forgetToken: assign(({ context }) => ({ kept: { ...context.kept, [STORAGE_KEYS.jwt]: null } })),
    markSignedOut: assign({ isAuthenticated: false }),
    toastUnauthorized: emit({ type: 'toast', message: TOAST_UNAUTHORIZED, variant: 'error' }),
    startLoading: assign({ loading: true }),
    stopLoading: assign({ loading: false }),
    // Everything the device kept goes, the entries no machine reports included.
    forgetEverything: emit({ type: 'device.clear' } satisfies ClearDeviceEffect),
    resetSession: assign({
      ...INITIAL_PERSISTED_SESSION,
      loading: false,
      canSeeTabs: true,
      kept: {},
    }),
    toastDeleteFailed: emit({ type: 'toast', message: TOAST_DELETE_FAILED, variant: 'error' }),
    toastDemoReset: emit({ type: 'toast', message: TOAST_DEMO_RESET, variant: 'info' }),
    toastDemoResetFailed: emit({
      type: 'toast',
      message: TOAST_DEMO_RESET_FAILED,
      variant: 'error',
    }),
    // The drawer that asked for the deletion waits on its answer.
    // The draw's grand prizes, passed on to the winnings flow (its sibling) while it runs.
    tellWinningsOfPrizes: enqueueActions(
      ({ context, enqueue }, params: { prizes: GrandPrize[] }) => {
        if (!context.areFlowsRunning) return;
        enqueue.sendTo(SYSTEM_IDS.winnings, { type: 'grandPrizes.loaded', prizes: params.prizes });
      },
    ),
    showDrawHome: sendTo(SYSTEM_IDS.drawCycle, { type: 'route.opened', path: PATHS.home }),
    tellWinningsDeletionFailed: sendTo(SYSTEM_IDS.winnings, { type: 'account.deletionFailed' }),
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
    // The draw keeps a copy of the flags it reads: it hears each change.
    // (Only while the signed-in flows run: before they load there is no draw to tell.)
    tellDrawFlags: enqueueActions(({ context, enqueue }) => {
      if (!context.areFlowsRunning) return;
      enqueue.sendTo(SYSTEM_IDS.drawCycle, {
        type: 'session.flagsChanged',
        flags: sessionFlagsOf(context),
      });
    }),
    allowTabs: assign((_, params: { allowed: boolean }) => ({ canSeeTabs: params.allowed })),
    storeAppConfig: assign((_, params: { config: AppConfig }) => ({ appConfig: params.config })),
    countConfigFailure: assign(({ context }) => ({ configFailures: context.configFailures + 1 })),
    // What the other machines tell the root (machines/shared/root.ts).
    emitEffect: emit(({ event }) => {
      if (event.type !== 'root.effect') throw new Error(`Not an effect: ${event.type}`);
      return event.effect;
    }),
    placeScreen: assign(({ context }, report: RootScreenEvent) => ({
      screens: placeScreen(context.screens, report),
    })),
    keepOnDevice: assign(({ context }, report: RootKeepEvent) => ({
      kept: { ...context.kept, [report.key]: report.value },
    })),
  },
});
