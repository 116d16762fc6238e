// The winnings drawer (spec sections 2, 4 and 9): /winnings slides down 500 ms after it opens,
// in 500 ms, and lists what the player has won: coupons by brand, 'You won $X' for each grand
// prize, the referral bonuses their invitees' wins earned them, then 'Contact Us', the legal
// pages and 'Logout'. A swipe down past a sixth of the screen, or the close control, slides it
// back up and goes to /home. Selecting a coupon opens its claim; a grand prize opens the prize
// claim (a child machine, shared with /grandPrize); 'Logout' asks first, then the session logs
// out or deletes the account. The panel (how far it is open), the content (what it lists, which
// modal is up) and the account (the logout question) are parallel regions: the list loads
// while the drawer slides, and Contact Us and Logout work even when it could not load.
import { toCallFailure } from '../entry-flow/entry-flow.actors';
import {
  EMPTY_WINNINGS,
  TOAST_COUPON_CLAIM_FAILED,
  TOAST_COUPON_GONE,
  TOAST_WINNINGS_LOAD_FAILED,
  winningsDrawerSetup,
} from './winnings-drawer.setup';

export * from './winnings-drawer.setup';

export const winningsDrawerMachine = winningsDrawerSetup.createMachine({
  id: 'winningsDrawer',
  type: 'parallel',
  context: {
    ...EMPTY_WINNINGS,
    selectedCouponId: null,
    couponMessage: null,
    selectedPrizeId: null,
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
              },
            },
            couponSelected: {
              description: 'The coupon claim modal: Claim, or close it.',
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
                  actions: [
                    {
                      type: 'storeCouponMessage',
                      params: ({ event }) => ({ message: event.output }),
                    },
                    'removeSelectedCoupon',
                  ],
                },
                onError: [
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
              description: 'What the coupon gives: its code or delivery note, to copy.',
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
                  actions: { type: 'recordPrizeClaim', params: ({ event }) => event.output },
                },
              },
            },
          },
        },
      },
    },
    account: {
      description: "Contact Us and 'Logout' work whatever the list is doing.",
      initial: 'idle',
      on: {
        'drawer.contactUs': {
          actions: [{ type: 'logClick', params: { event: 'has_problem_click' } }, 'goToContactUs'],
        },
      },
      states: {
        idle: { on: { 'drawer.askLogout': 'confirmingLogout' } },
        confirmingLogout: {
          description: "'Are you sure you want to logout?': Logout, Delete Account, or stay.",
          on: {
            'drawer.dismissLogout': 'idle',
            'drawer.logout': {
              actions: { type: 'askSession', params: { type: 'session.logout' } },
            },
            'drawer.deleteAccount': {
              actions: { type: 'askSession', params: { type: 'session.deleteAccount' } },
            },
          },
        },
      },
    },
  },
});

export type WinningsDrawerMachine = typeof winningsDrawerMachine;
