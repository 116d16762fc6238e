// The players screen (spec sections 2, 8): a player's 5 personal invite codes, each shared
// through the device share sheet as a link to the starting page. It runs as a child of the
// session while a player is signed in; its screen (/players) names its route, and it loads the
// codes when the player opens it (`route.opened`), not before.
import { assign, fromPromise, not, setup, spawnChild } from 'xstate';
import {
  INVITES_PER_PLAYER,
  type ClickEventName,
  type CreateInviteResponse,
  type Invite,
  type InviteListResponse,
} from '../../contract/api';
import type { AppEffect } from '../shared/effects';
import { PATHS } from '../shared/paths';
import { effectAtRoot, reportToRoot } from '../shared/root';
import type { RouteMeta } from '../shared/routes';

export const TOAST_SHARE_UNSUPPORTED = 'Unsupported browser.';
export const TOAST_INVITE_SENT = 'Invite sent successfully';
export const TOAST_INVITE_FAILED = 'Error while inviting players';

/** The link an invitee opens: the starting page with the code (DESIGN section 8). */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/?code=${encodeURIComponent(code)}`;
}

export type ShareOutcome = 'shared' | 'cancelled';

export type PlayersContext = {
  invites: Invite[];
  /** The device has a share sheet (`navigator.share`). */
  canShare: boolean;
  origin: string;
  /** The code being shared right now. */
  sharingCode: string | null;
};

export type PlayersEvent =
  | { type: 'players.inviteFriends' }
  | { type: 'players.invite'; code: string }
  /** The player opened an address (the session passes on every opening while signed in). */
  | { type: 'route.opened'; path: string };

/** The players screen's route. */
export const PLAYERS_PATH = PATHS.players;

export type PlayersInput = { canShare: boolean; origin: string };

export type PlayersApi = {
  listInvites: () => Promise<InviteListResponse>;
  createInvite: () => Promise<CreateInviteResponse>;
  click: (body: { click: { event_name: ClickEventName; page_url: string } }) => Promise<unknown>;
  /** Opens the share sheet; resolves 'cancelled' when the player closes it without sharing. */
  share: (data: { url: string; text: string }) => Promise<ShareOutcome>;
};

export function createPlayersActors(api: PlayersApi) {
  return {
    listInvites: fromPromise<Invite[]>(async () => (await api.listInvites()).data),
    createInvite: fromPromise<string>(async () => (await api.createInvite()).code),
    shareInvite: fromPromise<ShareOutcome, { url: string }>(({ input }) =>
      api.share({ url: input.url, text: 'Join me on BLACK BUTTON' }),
    ),
    // Analytics never get in the player's way: a failed click is dropped.
    logClick: fromPromise<void, { event: ClickEventName; pageUrl: string }>(async ({ input }) => {
      try {
        await api.click({ click: { event_name: input.event, page_url: input.pageUrl } });
      } catch {
        // Dropped on purpose.
      }
    }),
  };
}

const notConnected = (): Promise<never> =>
  Promise.reject(new Error('The players machine was started without an API.'));

const disconnectedPlayersActors = createPlayersActors({
  listInvites: notConnected,
  createInvite: notConnected,
  click: notConnected,
  share: notConnected,
});

export const playersMachine = setup({
  types: {
    context: {} as PlayersContext,
    events: {} as PlayersEvent,
    input: {} as PlayersInput,
    emitted: {} as AppEffect,
  },
  actors: { ...disconnectedPlayersActors, reportToRoot: reportToRoot() },
  guards: {
    isShareUnsupported: ({ context }) => !context.canShare,
    hasInvitesLeft: ({ context }) => context.invites.length < INVITES_PER_PLAYER,
    hasUnclaimedInvite: ({ context }) => context.invites.some((i) => !i.attributes.claimed),
    wasShared: (_, params: { outcome: ShareOutcome }) => params.outcome === 'shared',
    isPlayersRoute: ({ event }) => event.type === 'route.opened' && event.path === PLAYERS_PATH,
  },
  actions: {
    storeInvites: assign((_, params: { invites: Invite[] }) => ({ invites: params.invites })),
    chooseCode: assign((_, params: { code: string }) => ({ sharingCode: params.code })),
    chooseFirstUnclaimed: assign(({ context }) => ({
      sharingCode: context.invites.find((i) => !i.attributes.claimed)?.attributes.code ?? null,
    })),
    forgetCode: assign({ sharingCode: null }),
    toastUnsupported: effectAtRoot(() => ({
      type: 'toast',
      message: TOAST_SHARE_UNSUPPORTED,
      variant: 'error',
    })),
    toastSent: effectAtRoot(() => ({
      type: 'toast',
      message: TOAST_INVITE_SENT,
      variant: 'success',
    })),
    toastFailed: effectAtRoot(() => ({
      type: 'toast',
      message: TOAST_INVITE_FAILED,
      variant: 'error',
    })),
    logViewed: spawnChild('logClick', {
      input: ({ context }) => ({
        event: 'players_viewed' as const,
        pageUrl: `${context.origin}/players`,
      }),
    }),
    logInviteClicked: spawnChild('logClick', {
      input: ({ context }) => ({
        event: 'players_invite_clicked' as const,
        pageUrl: `${context.origin}/players`,
      }),
    }),
  },
}).createMachine({
  id: 'players',
  context: ({ input }) => ({
    invites: [],
    canShare: input.canShare,
    origin: input.origin,
    sharingCode: null,
  }),
  initial: 'away',
  invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
  states: {
    away: {
      description: 'Another screen is on display: nothing is loaded.',
      on: { 'route.opened': { guard: 'isPlayersRoute', target: 'shown' } },
    },
    shown: {
      description: '/players: the codes, loaded when the screen opens.',
      meta: {
        route: PLAYERS_PATH,
        tabs: { without: ['tellUsMore', 'players'] },
      } satisfies RouteMeta,
      entry: 'logViewed',
      initial: 'loading',
      on: {
        // Another address opened: the screen is left (a share under way is dropped).
        'route.opened': { guard: not('isPlayersRoute'), target: 'away' },
      },
      states: {
        loading: {
          invoke: {
            id: 'listInvites',
            src: 'listInvites',
            onDone: {
              target: 'ready',
              actions: { type: 'storeInvites', params: ({ event }) => ({ invites: event.output }) },
            },
            // The list stays empty; inviting still works.
            onError: { target: 'ready' },
          },
        },
        ready: {
          on: {
            'players.inviteFriends': [
              { guard: 'isShareUnsupported', actions: 'toastUnsupported' },
              { guard: 'hasInvitesLeft', target: 'creatingInvite', actions: 'logInviteClicked' },
              {
                guard: 'hasUnclaimedInvite',
                target: 'sharing',
                actions: ['logInviteClicked', 'chooseFirstUnclaimed'],
              },
              { actions: 'toastFailed' },
            ],
            'players.invite': [
              { guard: 'isShareUnsupported', actions: 'toastUnsupported' },
              {
                target: 'sharing',
                actions: [
                  'logInviteClicked',
                  { type: 'chooseCode', params: ({ event }) => ({ code: event.code }) },
                ],
              },
            ],
          },
        },
        creatingInvite: {
          invoke: {
            id: 'createInvite',
            src: 'createInvite',
            onDone: {
              target: 'sharing',
              actions: { type: 'chooseCode', params: ({ event }) => ({ code: event.output }) },
            },
            onError: { target: 'ready', actions: 'toastFailed' },
          },
        },
        sharing: {
          exit: 'forgetCode',
          invoke: {
            id: 'shareInvite',
            src: 'shareInvite',
            input: ({ context }) => ({
              url: inviteLink(context.origin, context.sharingCode ?? ''),
            }),
            onDone: [
              {
                guard: { type: 'wasShared', params: ({ event }) => ({ outcome: event.output }) },
                target: 'loading',
                actions: 'toastSent',
              },
              // Closing the share sheet is not an error: the list may still show a new code.
              { target: 'loading' },
            ],
            onError: { target: 'loading', actions: 'toastFailed' },
          },
        },
      },
    },
  },
});

export type PlayersMachine = typeof playersMachine;
