// What a player does after winning, and how they ask for help (spec sections 2 and 4): the
// winnings drawer (/winnings), the grand prize claim page (/grandPrize) and Contact Us
// (/form/has-problem). It runs while a player is signed in, as a child of the session, which
// passes on every address the player opens; each screen state names its route and invokes the
// child machine that runs it (the drawer, the prize claim, the contact form). It keeps the grand
// prize waiting for a claim, as the draw finds it (at sign-in and whenever a draw closes), so
// /home says 'Claim your $X prize' until it is claimed and an open /grandPrize shows a prize
// won while it was on screen. It keeps what the player types on Contact Us in that page's
// history entry, so a reload, Back or Forward opens the form with the same text. The drawer
// links each closed draw the player entered to its record (/draws/{id}), which the draw record
// machine reads and checks on the phone, afresh for each draw opened.
import { HOME_PATH } from '../draw-cycle/draw-cycle.types';
import { PATHS } from '../shared/paths';
import type { RouteMeta } from '../shared/routes';
import { draftIn } from './contact-form.machine';
import type { PrizeClaimOutput } from './prize-claim.machine';
import { CONTACT_US_PATH, WINNINGS_PATH } from './winnings-drawer.machine';
import { namingDrawRoute } from './winnings.draw-record';
import { winningsSetup } from './winnings.setup';
import {
  GRAND_PRIZE_PAGE_METHODS,
  GRAND_PRIZE_PATH,
  TOAST_PRIZES_LOAD_FAILED,
} from './winnings.types';

export { CONTACT_US_PATH, WINNINGS_PATH };
export * from './winnings.types';

export const winningsMachine = winningsSetup.createMachine({
  id: 'winnings',
  context: {
    prizeToClaim: null,
    prizeOnPage: null,
    prizeIdOpened: null,
    contactDraft: null,
    drawRecordId: null,
  },
  // The screen it shows, told to the root (machines/shared/root.ts), with the prize on
  // /grandPrize and the draft on Contact Us in its entry's history state, and the draw on
  // /draws/{id} in its address.
  invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: namingDrawRoute(self) }) },
  initial: 'awaitingRoute',
  on: {
    'route.opened': [
      { guard: { type: 'isRoute', params: { path: WINNINGS_PATH } }, target: '.drawer' },
      {
        guard: { type: 'isRoute', params: { path: GRAND_PRIZE_PATH } },
        target: '.grandPrize',
        actions: 'openGrandPrizePage',
      },
      {
        guard: { type: 'isRoute', params: { path: CONTACT_US_PATH } },
        target: '.contactUs',
        // Opened from its entry (a reload, Back, Forward): with the draft the entry kept.
        actions: {
          type: 'keepContactDraft',
          params: ({ event }) => draftIn(event.navigationState),
        },
      },
      { guard: 'isLegalRoute', target: '.legalPage' },
      { guard: 'isDrawRecordRoute', target: '.drawRecord', actions: 'openDrawRecord' },
      // Another screen: nothing of the winnings shows until one of its pages opens again.
      { target: '.awaitingRoute' },
    ],
    'grandPrizes.loaded': {
      actions: { type: 'choosePrize', params: ({ event }) => event.prizes },
    },
    'grandPrize.claimed': {
      actions: {
        type: 'forgetClaimedPrize',
        params: ({ event }) => ({ prizeId: event.prizeId, claimed: true }),
      },
    },
  },
  states: {
    awaitingRoute: {
      description: 'No winnings page on screen.',
    },
    drawer: {
      description: '/winnings: the drawer of what the player has won.',
      meta: { route: WINNINGS_PATH, tabs: { without: ['winnings'] } } satisfies RouteMeta,
      invoke: { id: 'winningsDrawer', src: 'winningsDrawer' },
      on: {
        'account.deletionFailed': { actions: 'tellDrawerDeletionFailed' },
        'drawer.closed': 'home',
        'drawer.contactUs': 'contactUs',
      },
    },
    grandPrize: {
      description: "/grandPrize: 'Claim with PayPal' or 'Claim with Venmo' for the newest prize.",
      meta: { route: GRAND_PRIZE_PATH } satisfies RouteMeta,
      exit: 'leaveGrandPrizePage',
      initial: 'loading',
      states: {
        loading: {
          description: "The player's grand prizes load.",
          invoke: {
            id: 'loadGrandPrizes',
            src: 'loadGrandPrizes',
            onDone: [
              {
                guard: { type: 'hasPrizeForPage', params: ({ event }) => event.output },
                target: 'claiming',
                actions: { type: 'choosePagePrize', params: ({ event }) => event.output },
              },
              { target: 'nothingToClaim' },
            ],
            onError: {
              target: 'loadFailed',
              actions: {
                type: 'showToast',
                params: { message: TOAST_PRIZES_LOAD_FAILED, variant: 'error' },
              },
            },
          },
        },
        loadFailed: {
          description: 'The prizes could not load: Try again (or a draw closes and brings one).',
          on: {
            'grandPrize.retry': 'loading',
            'grandPrizes.loaded': {
              guard: 'hasNewPrizeToClaim',
              target: 'claiming',
              actions: { type: 'choosePagePrize', params: ({ event }) => event.prizes },
            },
          },
        },
        nothingToClaim: {
          description:
            'No prize waits for a claim: a line saying so, and the way home, until a draw closes with a win.',
          on: {
            'grandPrizes.loaded': {
              guard: 'hasNewPrizeToClaim',
              target: 'claiming',
              actions: { type: 'choosePagePrize', params: ({ event }) => event.prizes },
            },
          },
        },
        claiming: {
          description: 'The prize claim: a method, what it needs, the claim; Done goes home.',
          invoke: {
            id: 'prizeClaim',
            src: 'prizeClaim',
            input: ({ context }) => ({
              prize: context.prizeOnPage!,
              offered: GRAND_PRIZE_PAGE_METHODS,
            }),
            onDone: {
              target: '#winnings.home',
              actions: {
                type: 'forgetClaimedPrize',
                params: ({ event }: { event: { output: PrizeClaimOutput } }) => event.output,
              },
            },
          },
        },
      },
    },
    contactUs: {
      description:
        '/form/has-problem: Contact Us, Subject and Message; what the player types is kept in its entry.',
      meta: { route: CONTACT_US_PATH, tabs: 'none' } satisfies RouteMeta,
      // Sent or left: a Contact Us opened from the drawer again starts empty.
      exit: { type: 'keepContactDraft', params: null },
      on: {
        'contact.edited': {
          actions: { type: 'keepContactDraft', params: ({ event }) => event.draft },
        },
      },
      invoke: {
        id: 'contactForm',
        src: 'contactForm',
        input: ({ context }) => ({ draft: context.contactDraft }),
        // Sent: home; Back: the drawer it was opened from.
        onDone: [
          { guard: { type: 'wasSent', params: ({ event }) => event.output }, target: 'home' },
          { target: 'drawer' },
        ],
      },
      initial: 'open',
      states: {
        open: {
          description: 'The form, until the message is stored or the player leaves.',
          on: { 'contact.sent': 'sent' },
        },
        sent: {
          description:
            'The message is stored: the page is one seen once as the flow goes home (Back from /home never shows the text sent again).',
          meta: { route: CONTACT_US_PATH, tabs: 'none', once: true } satisfies RouteMeta,
        },
      },
    },
    drawRecord: {
      description:
        "/draws/{id}: a draw's record (commitment, seed, entries, the player's entry ids, the winner), checked on the phone.",
      meta: { route: PATHS.drawRecord } satisfies RouteMeta,
      exit: 'leaveDrawRecord',
      invoke: {
        id: 'drawRecord',
        src: 'drawRecord',
        input: ({ context }) => ({ id: context.drawRecordId ?? 0 }),
      },
      on: {
        // Another draw's record (an address typed over this one): read and checked afresh.
        'route.opened': {
          guard: 'isDrawRecordRoute',
          target: '#winnings.drawRecord',
          reenter: true,
          actions: 'openDrawRecord',
        },
      },
    },
    legalPage: {
      description:
        'The privacy policy or the terms, which the drawer links to: the text, and the tab bar without WINNINGS.',
      meta: {
        route: PATHS.privacyPolicy,
        also: [PATHS.terms],
        tabs: { without: ['winnings'] },
      } satisfies RouteMeta,
    },
    home: {
      description:
        'Claimed, the message sent or the drawer closed: /home shows, until another page opens.',
      meta: { route: HOME_PATH, tabs: 'home' } satisfies RouteMeta,
      entry: 'tellSessionHomeShown',
    },
  },
});

export type WinningsMachine = typeof winningsMachine;
