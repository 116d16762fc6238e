// The winnings drawer (spec sections 2, 4 and 9, DESIGN sections 3 and 4): /winnings slides
// down 500 ms after it opens, in 500 ms, and lists what the player has won: coupons by brand
// (claimed ones under 'Claimed', for good), 'You won $X' for each grand prize, the referral
// bonuses their invitees' wins earned them, then 'Contact Us' with the operator's answers, the
// legal pages and 'Logout'. A swipe down past a sixth of the screen, or the close control, slides
// it back up and goes to /home. Selecting a coupon opens its claim; a grand prize or a referral
// bonus opens the payout claim (a child machine, shared with /grandPrize); an answered message
// opens its conversation; 'Logout' asks first (the account actions, a child machine), then the
// session logs out; 'Delete Account' asks once more before the session deletes the account.
// The panel (how far it is open), the content (what it lists, which modal is up), the messages
// (the answers to Contact Us) and the account (Logout and its questions) are parallel regions: the
// lists load while the drawer slides, and Contact Us and Logout work even when they could not.
import { toCallFailure } from '../shared/call-failure';
import {
  EMPTY_WINNINGS,
  TOAST_COUPON_CLAIM_FAILED,
  TOAST_COUPON_GONE,
  TOAST_COUPON_CLAIMED_ELSEWHERE,
  TOAST_WINNINGS_LOAD_FAILED,
  winningsDrawerSetup,
} from './winnings-drawer.setup';
import { messagesRegion } from './winnings-drawer.messages';

export * from './winnings-drawer.setup';

export const winningsDrawerMachine = winningsDrawerSetup.createMachine({
  id: 'winningsDrawer',
  type: 'parallel',
  context: {
    ...EMPTY_WINNINGS,
    selectedCouponId: null,
    couponMessage: null,
    couponCode: null,
    selectedPrizeId: null,
    selectedBonusId: null,
    threads: [],
    openThreadId: null,
    accountQuestion: 'logout',
  },
  entry: { type: 'logClick', params: { event: 'my_winnings_viewed' } },
  states: {
    panel: {
      description: 'How far the drawer is open: it waits, slides down, stays, slides back up.',
      initial: 'waiting',
      states: {
        waiting: {
          description: 'The route has opened; the drawer comes after 500 ms.',
          after: { openDelay: 'opening' },
        },
        opening: {
          description: 'Sliding down (500 ms).',
          after: { animation: 'open' },
        },
        open: {
          description: 'Down: a swipe past a sixth of the screen or the close control closes it.',
          on: {
            'drawer.swipeEnded': { guard: 'isPastSwipeThreshold', target: 'closing' },
            'drawer.close': 'closing',
          },
        },
        closing: {
          description: 'Sliding back up (500 ms); then the player is taken /home.',
          after: { animation: { target: 'closed', actions: 'goHome' } },
        },
        closed: { description: 'Gone; /home is opening.' },
      },
    },
    content: {
      description: 'What the drawer lists, and the modal on top of it.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Coupons, grand prizes and referral bonuses load while the drawer slides.',
          invoke: {
            id: 'loadWinnings',
            src: 'loadWinnings',
            onDone: {
              target: 'ready',
              actions: { type: 'storeWinnings', params: ({ event }) => event.output },
            },
            onError: {
              target: 'loadFailed',
              actions: {
                type: 'showToast',
                params: { message: TOAST_WINNINGS_LOAD_FAILED, variant: 'error' },
              },
            },
          },
        },
        loadFailed: {
          description: 'The list could not load: Try again.',
          on: { 'drawer.retry': 'loading' },
        },
        ready: {
          initial: 'browsing',
          states: {
            browsing: {
              description: 'The list (or a friendly line when nothing is won yet), no modal.',
              on: {
                'drawer.selectCoupon': {
                  guard: 'isListedCoupon',
                  target: 'couponSelected',
                  actions: [
                    { type: 'logClick', params: { event: 'gift_card_selected' } },
                    { type: 'selectCoupon', params: ({ event }) => ({ id: event.id }) },
                  ],
                },
                'drawer.selectPrize': {
                  guard: 'isListedPrize',
                  target: 'claimingPrize',
                  actions: { type: 'selectPrize', params: ({ event }) => ({ id: event.id }) },
                },
                'drawer.selectBonus': {
                  guard: 'isListedBonus',
                  target: 'claimingBonus',
                  actions: { type: 'selectBonus', params: ({ event }) => ({ id: event.id }) },
                },
              },
            },
            couponSelected: {
              description: 'The claim modal of a coupon not claimed yet: Claim, or close it.',
              on: {
                'drawer.claimCoupon': 'claimingCoupon',
                'drawer.dismissCoupon': { target: 'browsing', actions: 'forgetCoupon' },
              },
            },
            claimingCoupon: {
              description: 'Claiming the coupon (once: the server keeps it claimed).',
              invoke: {
                id: 'claimCoupon',
                src: 'claimCoupon',
                input: ({ context }) => ({ id: context.selectedCouponId ?? '' }),
                onDone: {
                  target: 'couponClaimed',
                  actions: { type: 'recordCouponClaim', params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: {
                      type: 'isCouponClaimedElsewhere',
                      params: ({ event }) => toCallFailure(event.error),
                    },
                    target: '#winningsDrawer.content.loading',
                    actions: [
                      'forgetCoupon',
                      {
                        type: 'showToast',
                        params: { message: TOAST_COUPON_CLAIMED_ELSEWHERE, variant: 'error' },
                      },
                    ],
                  },
                  {
                    guard: {
                      type: 'isGoneCoupon',
                      params: ({ event }) => toCallFailure(event.error),
                    },
                    target: 'browsing',
                    actions: [
                      'removeSelectedCoupon',
                      'forgetCoupon',
                      {
                        type: 'showToast',
                        params: ({ event }) => ({
                          message: toCallFailure(event.error).detail ?? TOAST_COUPON_GONE,
                          variant: 'error',
                        }),
                      },
                    ],
                  },
                  {
                    target: 'couponSelected',
                    actions: {
                      type: 'showToast',
                      params: { message: TOAST_COUPON_CLAIM_FAILED, variant: 'error' },
                    },
                  },
                ],
              },
            },
            couponClaimed: {
              description:
                "What the coupon gives: its code (to copy) or delivery note; it is listed under 'Claimed' from now on.",
              on: { 'drawer.dismissCoupon': { target: 'browsing', actions: 'forgetCoupon' } },
            },
            claimingPrize: {
              description: 'The grand prize modal: Venmo, PayPal or Virtual Visa, then the claim.',
              invoke: {
                id: 'prizeClaim',
                src: 'prizeClaim',
                input: ({ context }) => ({
                  prize: context.grandPrizes.find((p) => p.id === context.selectedPrizeId)!,
                }),
                onDone: {
                  target: 'browsing',
                  actions: [
                    { type: 'recordClaim', params: ({ event }) => event.output },
                    { type: 'tellFlowOfPrizeClaim', params: ({ event }) => event.output },
                  ],
                },
              },
            },
            claimingBonus: {
              description:
                'The referral bonus modal: Venmo, PayPal or Virtual Visa, then the claim; a bonus claimed before shows how it is paid.',
              invoke: {
                id: 'prizeClaim',
                src: 'prizeClaim',
                input: ({ context }) => ({
                  bonus: context.referralBonuses.find((b) => b.id === context.selectedBonusId)!,
                }),
                onDone: {
                  target: 'browsing',
                  actions: { type: 'recordClaim', params: ({ event }) => event.output },
                },
              },
            },
          },
        },
      },
    },
    messages: messagesRegion,
    account: {
      description: "Contact Us and 'Logout' work whatever the list is doing.",
      initial: 'idle',
      on: {
        'drawer.contactUs': {
          actions: [{ type: 'logClick', params: { event: 'has_problem_click' } }, 'goToContactUs'],
        },
      },
      states: {
        idle: {
          on: {
            'drawer.askLogout': {
              target: 'asking',
              actions: { type: 'askFrom', params: { question: 'logout' } },
            },
          },
        },
        asking: {
          description:
            "'Are you sure you want to logout?', then perhaps the deletion's question: the account actions ask, and answer.",
          invoke: {
            id: 'accountActions',
            src: 'accountActions',
            input: ({ context }) => ({ question: context.accountQuestion }),
            onDone: [
              {
                guard: { type: 'isLogoutChosen', params: ({ event }) => event.output },
                target: 'loggingOut',
              },
              {
                guard: { type: 'isDeletionConfirmed', params: ({ event }) => event.output },
                target: 'deletingAccount',
              },
              { target: 'idle' },
            ],
          },
        },
        loggingOut: {
          description: 'The session logs the player out (whatever the server says).',
          entry: { type: 'askSession', params: { type: 'session.logout' } },
        },
        deletingAccount: {
          description:
            'The session deletes the account (one request) and signs the player out; if it could not, the second question is back.',
          entry: { type: 'askSession', params: { type: 'session.deleteAccount' } },
          on: {
            'account.deletionFailed': {
              target: 'asking',
              actions: { type: 'askFrom', params: { question: 'deletion' } },
            },
          },
        },
      },
    },
  },
});

export type WinningsDrawerMachine = typeof winningsDrawerMachine;
