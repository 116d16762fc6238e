// What causes each event of the players screen's model in the signed-in app: the player's taps
// (a link to /players, the tab bar's Home, 'Invite friends', a row's 'Invite'), the server's
// answers and the share sheet's, each followed by a wait until the running screen is in the
// step's state, with the toast the step shows.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Step } from 'xstate/graph';
import { INVITES_PER_PLAYER, type Invite } from '../../../contract/api';
import {
  inviteLink,
  PLAYERS_PATH,
  PLAYERS_TUTORIAL_PATH,
  TOAST_INVITE_FAILED,
  TOAST_INVITE_SENT,
  TOAST_LINK_COPIED,
  TOAST_SHARE_UNSUPPORTED,
} from '../../../machines/players/players.machine';
import { settle } from '../../support/settle';
import { goTo, screenLoaded, tabBar } from './app-harness';
import type { PlayersApp, PlayersCallName } from './players-harness';
import {
  serializePlayersState,
  type PlayersModelEvent,
  type PlayersModelEventType,
  type PlayersSnapshot,
} from './players-model';

export type PlayersStep = Step<PlayersSnapshot, PlayersModelEvent>;
type EventOf<T extends PlayersModelEventType> = Extract<PlayersModelEvent, { type: T }>;

/** Waits until the running players screen is in `state`. */
export async function arrive(app: PlayersApp, state: PlayersSnapshot): Promise<void> {
  await waitFor(() =>
    expect(serializePlayersState(app.players())).toBe(serializePlayersState(state)),
  );
}

/** The toast a step shows: the app asked for it, and it is on screen. */
async function toastShown(app: PlayersApp, message: string): Promise<void> {
  app.expectedToasts.push(message);
  await waitFor(() => expect(app.toasts).toEqual(app.expectedToasts));
  expect((await screen.findAllByText(message, {}, { timeout: 2000 })).length).toBeGreaterThan(0);
}

/** The server (or the share sheet) answers the call waiting for it. */
async function answer(
  app: PlayersApp,
  call: PlayersCallName,
  outcome: { value: unknown } | { error: unknown },
): Promise<void> {
  await waitFor(() => expect(app.api.isWaiting(call)).toBe(true));
  await act(async () => {
    if ('error' in outcome) app.api.reject(call, outcome.error);
    else app.api.resolve(call, outcome.value);
    await settle();
  });
}

/** The list of the player's codes on the screen. */
export const playersList = () => screen.getByRole('region', { name: 'Your Players' });

/** The row showing `code`. */
const rowOf = (code: string) =>
  within(playersList())
    .getAllByRole('listitem')
    .find((row) => row.textContent?.startsWith(code));

/**
 * What tapping 'Invite friends' shows at once: nothing while a code is on its way, or, without a
 * share sheet, 'Unsupported browser.' with the link of a code not used yet (or alone, when
 * none is left); with one, an error when nothing is left to share.
 */
function inviteFriendsToast({ canShare, invites }: PlayersSnapshot['context']): string | null {
  if (invites.length < INVITES_PER_PLAYER) return null;
  const unclaimed = invites.some((invite: Invite) => !invite.attributes.claimed);
  if (!canShare) return TOAST_SHARE_UNSUPPORTED;
  return unclaimed ? null : TOAST_INVITE_FAILED;
}

type Gesture = (step: PlayersStep, app: PlayersApp) => Promise<void>;

const gestures = {
  'route.opened': async ({ event }, app) => {
    const { path } = event as EventOf<'route.opened'>;
    // Between /players and its tutorial the player follows the screens' links; from anywhere
    // else the address is opened.
    const from = window.location.pathname;
    const link =
      from === PLAYERS_PATH && path === PLAYERS_TUTORIAL_PATH
        ? 'How players work'
        : from === PLAYERS_TUTORIAL_PATH && path === PLAYERS_PATH
          ? 'Go to Players'
          : null;
    if (link) {
      await app.user.click(screen.getByRole('link', { name: link }));
      await waitFor(() => expect(window.location.pathname).toBe(path));
      await screenLoaded();
      return;
    }
    if (path === PLAYERS_PATH || path === PLAYERS_TUTORIAL_PATH) {
      await goTo(path);
      await screenLoaded();
      return;
    }
    const bar = tabBar();
    if (!bar) throw new Error(`No tab bar to leave ${window.location.pathname} with`);
    await app.user.click(within(bar).getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(window.location.pathname).toBe(path));
  },
  // Without a share sheet the row of an open invitation is tapped (it does what 'Invite
  // friends' does); with one, 'Invite friends'.
  'players.inviteFriends': async ({ state }, app) => {
    const open = within(playersList())
      .queryAllByRole('listitem')
      .find((row) => row.textContent?.startsWith('Open invitation'));
    const tapped =
      !state.context.canShare && open
        ? within(open).getByRole('button', { name: 'Invite' })
        : screen.getByRole('button', { name: 'Invite friends' });
    await app.user.click(tapped);
    const toast = inviteFriendsToast(state.context);
    if (toast) await toastShown(app, toast);
  },
  'players.invite': async ({ event, state }, app) => {
    const { code } = event as EventOf<'players.invite'>;
    const row = rowOf(code);
    if (!row) throw new Error(`No row shows ${code}`);
    await app.user.click(within(row).getByRole('button', { name: 'Invite' }));
    if (!state.context.canShare) await toastShown(app, TOAST_SHARE_UNSUPPORTED);
  },
  'players.copyLink': async (_, app) => {
    await app.user.click(screen.getByRole('button', { name: 'Copy link' }));
  },
  // The clipboard took the link (a toast says so), or refused it (the link stays to select).
  'xstate.done.actor.copyLink': async (_, app) => {
    await answer(app, 'copy', { value: undefined });
    await toastShown(app, TOAST_LINK_COPIED);
  },
  'xstate.error.actor.copyLink': async ({ event }, app) => {
    await answer(app, 'copy', { error: (event as EventOf<'xstate.error.actor.copyLink'>).error });
  },
  'xstate.done.actor.listInvites': async ({ event }, app) => {
    const { output } = event as EventOf<'xstate.done.actor.listInvites'>;
    app.server.invites = output;
    await answer(app, 'listInvites', { value: { data: output } });
  },
  // The list stays as it was; inviting still works.
  'xstate.error.actor.listInvites': async ({ event }, app) => {
    await answer(app, 'listInvites', {
      error: (event as EventOf<'xstate.error.actor.listInvites'>).error,
    });
  },
  // The new code goes out: through the share sheet, or shown as a link to copy.
  'xstate.done.actor.createInvite': async ({ event, state }, app) => {
    const { output: code } = event as EventOf<'xstate.done.actor.createInvite'>;
    app.server.created.push(code);
    await answer(app, 'createInvite', { value: { code } });
    if (!state.context.canShare) await toastShown(app, TOAST_SHARE_UNSUPPORTED);
  },
  'xstate.error.actor.createInvite': async ({ event }, app) => {
    await answer(app, 'createInvite', {
      error: (event as EventOf<'xstate.error.actor.createInvite'>).error,
    });
    await toastShown(app, TOAST_INVITE_FAILED);
  },
  // The share sheet closes: shared (a toast says so), or closed by the player (nothing said).
  'xstate.done.actor.shareInvite': async ({ event }, app) => {
    const { output } = event as EventOf<'xstate.done.actor.shareInvite'>;
    const { url } = app.api.callsOf('share').at(-1) as { url: string };
    if (output === 'shared') app.server.shared.push(url);
    await answer(app, 'share', { value: output });
    if (output === 'shared') await toastShown(app, TOAST_INVITE_SENT);
  },
  'xstate.error.actor.shareInvite': async ({ event }, app) => {
    await answer(app, 'share', {
      error: (event as EventOf<'xstate.error.actor.shareInvite'>).error,
    });
    await toastShown(app, TOAST_INVITE_FAILED);
  },
} satisfies Record<PlayersModelEventType, Gesture>;

/** Each event's gesture, then the wait until the screen is in the step's state. */
export const playersEvents: Record<string, Gesture> = Object.fromEntries(
  Object.entries(gestures).map(([type, gesture]) => [
    type,
    async (step: PlayersStep, app: PlayersApp) => {
      await gesture(step, app);
      await arrive(app, step.state);
    },
  ]),
);

/** The link a share of `code` sends. */
export const linkOf = (code: string | null) => inviteLink(window.location.origin, code ?? '');
