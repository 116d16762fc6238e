// The signed-in app the players screen's walks run in: a returning player at /home, the players
// screen's calls answered by the walk (or, once the app is reloaded, by the server as it holds
// the player's codes), the device's share sheet there or not, the toasts the app shows, and the
// players screen's latest snapshot.
import userEvent from '@testing-library/user-event';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { CreateInviteResponse, Invite, InviteListResponse } from '../../../contract/api';
import type { PlayersApi, ShareOutcome } from '../../../machines/players/players.machine';
import type { ToastEffect } from '../../../machines/shared/effects';
import { renderApp, storeSignedInSession } from './app-harness';
import { DeferredApi } from './deferred-api';
import { nextCode, openInvite, type PlayersSnapshot } from './players-model';
import { reopenApp } from './reload-and-back';

export type PlayersCallName = keyof PlayersApi;

/** The players screen's calls; each waits for the walk to answer unless answered at once. */
export class PlayersServerApi extends DeferredApi<PlayersCallName> implements PlayersApi {
  listInvites = () => this.call<InviteListResponse>('listInvites');
  createInvite = () => this.call<CreateInviteResponse>('createInvite');
  click = (body: unknown) => this.call<unknown>('click', body);
  share = (data: { url: string; text: string }) => this.call<ShareOutcome>('share', data);
  copy = (text: string) => this.call<void>('copy', text);
}

/** What the server holds of the player, across reloads, and the invites it saw go out. */
export type PlayersServer = {
  invites: Invite[];
  /** The codes it made, one a POST invites. */
  created: string[];
  /** The links shared through the share sheet. */
  shared: string[];
};

export const emptyServer = (): PlayersServer => ({ invites: [], created: [], shared: [] });

export type PlayersApp = {
  api: PlayersServerApi;
  user: ReturnType<typeof userEvent.setup>;
  server: PlayersServer;
  /** The toasts the app showed, in order, and those the walk expects. */
  toasts: string[];
  expectedToasts: string[];
  /** The players screen's latest snapshot (throws until the signed-in flows have started). */
  players: () => PlayersSnapshot;
  unmount: () => void;
};

/**
 * The device's share sheet (`navigator.share`), which the app looks for as it starts. The app's
 * shares go through the players API the walk answers, never through this one.
 */
function installShareSheet(present: boolean): () => void {
  if (!present) return () => undefined;
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    value: () => Promise.reject(new Error('The walk shares through the players API')),
  });
  return () => void delete (navigator as { share?: unknown }).share;
}

/** The server answers every call at once, as it holds the player's codes (after a reload). */
function answerFromServer(api: PlayersServerApi, server: PlayersServer): void {
  api.answerAlways('listInvites', () => Promise.resolve({ data: server.invites }));
  api.answerAlways('createInvite', () => {
    const code = nextCode(server.invites);
    server.invites = [...server.invites, openInvite(code)];
    server.created.push(code);
    return Promise.resolve({ code });
  });
  api.answerAlways('share', () => {
    const { url } = api.callsOf('share').at(-1) as { url: string };
    server.shared.push(url);
    return Promise.resolve('shared');
  });
  api.answerAlways('copy', () => Promise.resolve());
}

export type OpenOptions = {
  canShare: boolean;
  inspect?: (event: InspectionEvent) => void;
  /** A reload of the app the walk had running: the device, address and server it left. */
  reloadOf?: PlayersApp;
};

/**
 * The signed-in app at /home (a returning player's session on the device), or reopened where a
 * reload finds it; its players screen's calls go to the returned app's `api`.
 */
export function openPlayersApp({ canShare, inspect, reloadOf }: OpenOptions): PlayersApp {
  if (!reloadOf) storeSignedInSession({ isFirstTimeUser: false, isFirstQuestionnaire: false });
  const removeShareSheet = installShareSheet(canShare);
  let latest: PlayersSnapshot | null = null;
  let root: AnyActorRef | null = null;
  const app: PlayersApp = {
    api: new PlayersServerApi(),
    user: userEvent.setup(),
    server: reloadOf?.server ?? emptyServer(),
    toasts: [],
    expectedToasts: [],
    players: () => {
      if (!latest) throw new Error('The players screen has not started');
      return latest;
    },
    unmount: () => undefined,
  };
  const watch = (event: InspectionEvent) => {
    inspect?.(event);
    const actor = event.actorRef as AnyActorRef;
    if (!root && actor.sessionId === event.rootId) {
      root = actor;
      root.on('toast', (effect: ToastEffect) => void app.toasts.push(effect.message));
    }
    if (event.type === '@xstate.snapshot' && actor.id === 'players') {
      latest = event.snapshot as PlayersSnapshot;
    }
  };
  app.api.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  if (reloadOf) answerFromServer(app.api, app.server);
  const rendered = reloadOf
    ? reopenApp({ inspect: watch })
    : renderApp({ path: '/home', inspect: watch });
  // The app makes its own stand-in for the players calls: they are handed to the walk's. The
  // signed-in flows start after the first render, so no call has been made yet.
  const { listInvites, createInvite, click, share, copy } = app.api;
  Object.assign(rendered.playersApi, { listInvites, createInvite, click, share, copy });
  app.unmount = () => {
    rendered.view.unmount();
    removeShareSheet();
  };
  return app;
}
