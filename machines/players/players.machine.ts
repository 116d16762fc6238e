// The players screen (spec sections 2, 8): a player's 5 personal invite codes, each shared
// through the device share sheet as a link to the starting page. Without a share sheet
// (desktop, many Android browsers) 'Unsupported browser.' says so, and the screen shows the
// link with 'Copy link' instead, so every player can invite. It runs as a child of the session
// while a player is signed in; its screens (/players, and /players-tutorial, which explains
// players and the bonus) name their routes, and it loads the codes when the player opens
// /players (`route.opened`), not before.
import { and, assign, not, or, setup, spawnChild } from 'xstate';
import { INVITES_PER_PLAYER, type Invite } from '../../contract/api';
import type { AppEffect } from '../shared/effects';
import { effectAtRoot, reportToRoot } from '../shared/root';
import type { RouteMeta } from '../shared/routes';

import { disconnectedPlayersActors, type ShareOutcome } from './players.actors';
import {
  PLAYERS_PATH,
  PLAYERS_TUTORIAL_PATH,
  TOAST_INVITE_FAILED,
  TOAST_INVITE_SENT,
  TOAST_LINK_COPIED,
  TOAST_SHARE_UNSUPPORTED,
  inviteLink,
  type PlayersContext,
  type PlayersEvent,
  type PlayersInput,
} from './players.types';

// The flow's words and calls, where its views and tests have always found them.
export * from './players.actors';
export * from './players.types';

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
