// The players screen (spec sections 2, 8): a player's 5 personal invite codes, each shared
// through the device share sheet as a link to the starting page. Without a share sheet
// (desktop, many Android browsers) 'Unsupported browser.' says so, and the screen shows the
// link with 'Copy link' instead, so every player can invite. It runs as a child of the session
// while a player is signed in; its screens (/players, and /players-tutorial, which explains
// players and the bonus) name their routes, and it loads the codes when the player opens
// /players (`route.opened`), not before.
import { and, assign, fromPromise, not, or, setup, spawnChild } from 'xstate';
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
export const TOAST_LINK_COPIED = 'Invite link copied';

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
  /** Without a share sheet: the code whose link the screen shows, to copy. */
  linkCode: string | null;
  /** The device refused to copy: the link stays on screen to select by hand. */
  copyRefused: boolean;
};

export type PlayersEvent =
  | { type: 'players.inviteFriends' }
  | { type: 'players.invite'; code: string }
  /** 'Copy link': the link shown (without a share sheet) to the clipboard. */
  | { type: 'players.copyLink' }
  /** The player opened an address (the session passes on every opening while signed in). */
  | { type: 'route.opened'; path: string };

/** The players screen's route. */
export const PLAYERS_PATH = PATHS.players;
/** The players tutorial's route. */
export const PLAYERS_TUTORIAL_PATH = PATHS.playersTutorial;

export type PlayersInput = { canShare: boolean; origin: string };

export type PlayersApi = {
  listInvites: () => Promise<InviteListResponse>;
  createInvite: () => Promise<CreateInviteResponse>;
  click: (body: { click: { event_name: ClickEventName; page_url: string } }) => Promise<unknown>;
  /** Opens the share sheet; resolves 'cancelled' when the player closes it without sharing. */
  share: (data: { url: string; text: string }) => Promise<ShareOutcome>;
  /** Puts `text` on the clipboard; rejects where the device refuses (none: always refused). */
  copy?: (text: string) => Promise<void>;
};

export function createPlayersActors(api: PlayersApi) {
  return {
    listInvites: fromPromise<Invite[]>(async () => (await api.listInvites()).data),
    createInvite: fromPromise<string>(async () => (await api.createInvite()).code),
    shareInvite: fromPromise<ShareOutcome, { url: string }>(({ input }) =>
      api.share({ url: input.url, text: 'Join me on BLACK BUTTON' }),
    ),
    copyLink: fromPromise<void, { url: string }>(async ({ input }) => {
      if (!api.copy) throw new Error('This device has no clipboard.');
      await api.copy(input.url);
    }),
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
    hasLink: ({ context }) => context.linkCode !== null,
    isPlayersRoute: ({ event }) => event.type === 'route.opened' && event.path === PLAYERS_PATH,
    isTutorialRoute: ({ event }) =>
      event.type === 'route.opened' && event.path === PLAYERS_TUTORIAL_PATH,
  },
  actions: {
    storeInvites: assign((_, params: { invites: Invite[] }) => ({ invites: params.invites })),
    chooseCode: assign((_, params: { code: string }) => ({ sharingCode: params.code })),
    chooseFirstUnclaimed: assign(({ context }) => ({
      sharingCode: context.invites.find((i) => !i.attributes.claimed)?.attributes.code ?? null,
    })),
    forgetCode: assign({ sharingCode: null }),
    showLink: assign(({ context }) => ({ linkCode: context.sharingCode, copyRefused: false })),
    forgetLink: assign({ linkCode: null, copyRefused: false }),
    refuseCopy: assign({ copyRefused: true }),
    toastCopied: effectAtRoot(() => ({
      type: 'toast',
      message: TOAST_LINK_COPIED,
      variant: 'success',
    })),
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
    linkCode: null,
    copyRefused: false,
  }),
  initial: 'away',
  invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
  states: {
    away: {
      description: 'Another screen is on display: nothing is loaded.',
      on: {
        'route.opened': [
          { guard: 'isPlayersRoute', target: 'shown' },
          { guard: 'isTutorialRoute', target: 'tutorial' },
        ],
      },
    },
    tutorial: {
      description:
        '/players-tutorial: what players are and how the bonus works (also while the feature is off).',
      meta: { route: PLAYERS_TUTORIAL_PATH } satisfies RouteMeta,
      on: {
        'route.opened': [
          { guard: 'isPlayersRoute', target: 'shown' },
          { guard: not(or(['isPlayersRoute', 'isTutorialRoute'])), target: 'away' },
        ],
      },
    },
    shown: {
      description: '/players: the codes, loaded when the screen opens.',
      meta: {
        route: PLAYERS_PATH,
        tabs: { without: ['tellUsMore', 'players'] },
      } satisfies RouteMeta,
      entry: 'logViewed',
      // A link shown to copy belongs to this visit of the screen.
      exit: 'forgetLink',
      initial: 'loading',
      on: {
        // Another address opened: the screen is left (a share under way is dropped).
        'route.opened': [
          { guard: 'isTutorialRoute', target: 'tutorial' },
          { guard: and([not('isPlayersRoute'), not('isTutorialRoute')]), target: 'away' },
        ],
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
              { guard: 'hasInvitesLeft', target: 'creatingInvite', actions: 'logInviteClicked' },
              {
                guard: 'hasUnclaimedInvite',
                target: 'choosingWay',
                actions: ['logInviteClicked', 'chooseFirstUnclaimed'],
              },
              // Nothing left to share.
              { guard: 'isShareUnsupported', actions: 'toastUnsupported' },
              { actions: 'toastFailed' },
            ],
            'players.invite': {
              target: 'choosingWay',
              actions: [
                'logInviteClicked',
                { type: 'chooseCode', params: ({ event }) => ({ code: event.code }) },
              ],
            },
            'players.copyLink': { guard: 'hasLink', target: 'copying' },
          },
        },
        choosingWay: {
          description:
            "The share sheet, or without one 'Unsupported browser.' and the link shown to copy.",
          always: [
            {
              guard: 'isShareUnsupported',
              // The list loads again: a code just made shows in it.
              target: 'loading',
              actions: ['toastUnsupported', 'showLink', 'forgetCode'],
            },
            { target: 'sharing' },
          ],
        },
        copying: {
          invoke: {
            id: 'copyLink',
            src: 'copyLink',
            input: ({ context }) => ({ url: inviteLink(context.origin, context.linkCode ?? '') }),
            onDone: { target: 'ready', actions: 'toastCopied' },
            // The clipboard is refused: the link stays on screen, selectable.
            onError: { target: 'ready', actions: 'refuseCopy' },
          },
        },
        creatingInvite: {
          invoke: {
            id: 'createInvite',
            src: 'createInvite',
            onDone: {
              target: 'choosingWay',
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
