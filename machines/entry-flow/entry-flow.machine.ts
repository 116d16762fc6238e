// The way in (spec sections 2 and 4): the starting page of an invite link (slides, ticket
// reveal, ticket received), the disclaimer, the invite code, the phone number, the texted code.
// Each screen is a state that names its route (`meta`, machines/shared/routes.ts); the app
// follows it there and says `route.opened` when the visitor goes somewhere (a link, a reload,
// Back), so the visitor lands in the matching state. The machine asks the app to toast. It runs as a child of
// the session (the app's root): it tells the session when the terms are accepted, and it ends
// with the player's login as its output, which signs the player in.
import {
  and,
  assertEvent,
  assign,
  emit,
  enqueueActions,
  log,
  setup,
  type AnyActorRef,
} from 'xstate';
import { InviteCode, OneTimeCode, PhoneNumber, type LoginResponse } from '../../contract/api';
import type { DismissToastEffect, ToastEffect, ToastVariant } from '../shared/effects';
import type { RouteMeta } from '../shared/routes';
import {
  disconnectedEntryFlowActors,
  toCallFailure,
  type CallFailure,
  type CodeRequest,
} from './entry-flow.actors';
import { readRoute, type RouteOpening } from './entry-flow.routes';

/** The starting page's slides: the intro points, then 'Welcome to BLACK BUTTON' with ENTER. */
export const STARTING_SLIDE_COUNT = 7;
/** Skip jumps to this slide (spec section 9) and hides the arrow. */
export const SKIP_SLIDE_INDEX = 6;
export const WELCOME_SLIDE_INDEX = STARTING_SLIDE_COUNT - 1;

export const TOAST_KEYS = {
  /** The texted code (or its notice) stays until the verification screen is left. */
  codeSent: 'entry-code-sent',
  verifying: 'entry-verifying',
} as const;

export type EntryFlowInput = {
  /** From the session: the visitor ticked the disclaimer before (or signed in before). */
  hasAcceptedTerms: boolean;
  /** On a desktop the disclaimer needs no ticked box (spec section 5). */
  isDesktop: boolean;
  /** The invite code kept on the device by /invite-code. */
  storedInviteCode: string | null;
};

export type EntryFlowContext = {
  hasAcceptedTerms: boolean;
  isDesktop: boolean;
  storedInviteCode: string | null;
  inviteLinkCode: string | null;
  slideIndex: number;
  isArrowHidden: boolean;
  isTicketImageLoaded: boolean;
  isAgreementChecked: boolean;
  /** The code the registration will use. */
  inviteCode: string | null;
  skipDisclaimers: boolean;
  phoneNumber: string | null;
  /** The code being verified; empty while the player types. */
  code: string;
  /** The verified login, the flow's output. */
  login: LoginResponse | null;
  /** /phone-login's last request found no player with the number: offer the way to sign up. */
  isNotRegistered: boolean;
};

export type EntryFlowEvent =
  | ({ type: 'route.opened' } & RouteOpening)
  | { type: 'slides.next' }
  | { type: 'slides.previous' }
  | { type: 'slides.skip' }
  | { type: 'ticket.enter' }
  | { type: 'ticket.imageLoaded' }
  | { type: 'ticketReceived.forward' }
  | { type: 'ticketReceived.skip' }
  | { type: 'disclaimer.toggleAgreement' }
  | { type: 'disclaimer.submit' }
  | { type: 'inviteCode.submit'; inviteCode: string }
  | { type: 'phone.submit'; phoneNumber: string }
  | { type: 'login.submitPhone'; phoneNumber: string }
  | { type: 'code.complete'; code: string }
  | { type: 'code.resend' }
  | { type: 'login.changeNumber' };

export type EntryFlowEmitted = ToastEffect | DismissToastEffect;

/** What the entry flow tells the session (its parent). */
export type TermsAcceptedEvent = { type: 'session.termsAccepted' };

type ToastParams = { message: string; variant: ToastVariant; key?: string; persist?: boolean };

export const entryFlowMachine = setup({
  types: {
    context: {} as EntryFlowContext,
    events: {} as EntryFlowEvent,
    input: {} as EntryFlowInput,
    output: {} as LoginResponse,
    emitted: {} as EntryFlowEmitted,
  },
  actors: disconnectedEntryFlowActors,
  delays: {
    /** ENTER shows the ticket for 2.5 s before the ticket-received screen (spec section 9). */
    ticketReveal: 2500,
  },
  guards: {
    isStartingPageRoute: ({ event }) =>
      event.type === 'route.opened' && readRoute(event).inviteLinkCode !== null,
    isDisclaimerRoute: ({ event }) => {
      if (event.type !== 'route.opened') return false;
      const route = readRoute(event);
      return route.path === '/disclaimer' || (route.path === '/' && route.inviteLinkCode === null);
    },
    isInviteCodeRoute: ({ event }) =>
      event.type === 'route.opened' && event.path === '/invite-code',
    isOnboardingRoute: ({ event }) => event.type === 'route.opened' && event.path === '/onboarding',
    isPhoneLoginRoute: ({ event }) =>
      event.type === 'route.opened' && event.path === '/phone-login',
    isLoginRoute: ({ event }) => event.type === 'route.opened' && event.path === '/login',
    hasAcceptedTerms: ({ context }) => context.hasAcceptedTerms,
    hasInviteCodeForOnboarding: ({ context, event }) => {
      if (event.type !== 'route.opened') return false;
      const route = readRoute(event);
      return (route.queryInviteCode ?? route.stateInviteCode ?? context.storedInviteCode) !== null;
    },
    hasPhoneNumberInNavigationState: ({ event }) =>
      event.type === 'route.opened' && readRoute(event).phoneNumber !== null,
    canGoToNextSlide: ({ context }) =>
      !context.isArrowHidden && context.slideIndex < WELCOME_SLIDE_INDEX,
    canGoToPreviousSlide: ({ context }) => context.slideIndex > 0,
    canSkipSlides: ({ context }) => context.slideIndex < SKIP_SLIDE_INDEX,
    isOnWelcomeSlide: ({ context }) => context.slideIndex === WELCOME_SLIDE_INDEX,
    isTicketImageLoading: ({ context }) => !context.isTicketImageLoaded,
    isAgreementRequired: ({ context }) => !context.isDesktop,
    canSubmitDisclaimer: ({ context }) => context.isDesktop || context.isAgreementChecked,
    isDisclaimerPending: ({ context }) => !context.hasAcceptedTerms && !context.skipDisclaimers,
    isInviteCodeWellFormed: ({ event }) =>
      event.type === 'inviteCode.submit' && InviteCode.safeParse(event.inviteCode).success,
    isPhoneNumberValid: ({ event }) =>
      (event.type === 'phone.submit' || event.type === 'login.submitPhone') &&
      PhoneNumber.safeParse(event.phoneNumber).success,
    isCodeComplete: ({ event }) =>
      event.type === 'code.complete' && OneTimeCode.safeParse(event.code).success,
    isNetworkFailure: (_, failure: CallFailure) => failure.status === 0,
    isAlreadyRegistered: (_, failure: CallFailure) => failure.status === 409,
    // 422 is the spec's case; a 429 (too many requests) also carries a detail worth showing.
    hasRejectedPhoneNumber: (_, failure: CallFailure) =>
      (failure.status === 422 || failure.status === 429) && failure.detail !== null,
    isUnauthorized: (_, failure: CallFailure) => failure.status === 401,
    isNotRegistered: (_, failure: CallFailure) => failure.status === 404,
  },
  actions: {
    showToast: emit((_, params: ToastParams) => ({ type: 'toast' as const, ...params })),
    dismissToast: emit((_, params: { key: string }) => ({
      type: 'dismissToast' as const,
      key: params.key,
    })),
    openStartingPage: assign(({ event }) => {
      assertEvent(event, 'route.opened');
      return { inviteLinkCode: readRoute(event).inviteLinkCode };
    }),
    openOnboarding: assign(({ context, event }) => {
      assertEvent(event, 'route.opened');
      const route = readRoute(event);
      return {
        inviteCode: route.queryInviteCode ?? route.stateInviteCode ?? context.storedInviteCode,
        skipDisclaimers: route.skipDisclaimers,
      };
    }),
    openVerification: assign(({ event }) => {
      assertEvent(event, 'route.opened');
      return { phoneNumber: readRoute(event).phoneNumber, code: '' };
    }),
    resetSlides: assign({ slideIndex: 0, isArrowHidden: false }),
    showNextSlide: assign({ slideIndex: ({ context }) => context.slideIndex + 1 }),
    showPreviousSlide: assign({ slideIndex: ({ context }) => context.slideIndex - 1 }),
    skipToWelcomeSlide: assign({ slideIndex: SKIP_SLIDE_INDEX, isArrowHidden: true }),
    blurTicketImage: assign({ isTicketImageLoaded: false }),
    revealTicketImage: assign({ isTicketImageLoaded: true }),
    takeInviteLinkCode: assign({
      inviteCode: ({ context }) => context.inviteLinkCode,
      skipDisclaimers: (_, params: { skipDisclaimers: boolean }) => params.skipDisclaimers,
    }),
    uncheckAgreement: assign({ isAgreementChecked: false }),
    toggleAgreement: assign({ isAgreementChecked: ({ context }) => !context.isAgreementChecked }),
    // The session keeps the flag across visits (hasAcceptedTerms in user-storage).
    acceptTerms: enqueueActions(({ enqueue, system }) => {
      enqueue.assign({ hasAcceptedTerms: true });
      const session = system.get('session') as AnyActorRef | undefined;
      if (session)
        enqueue.sendTo(session, { type: 'session.termsAccepted' } satisfies TermsAcceptedEvent);
    }),
    // `storedInviteCode` is what the device keeps (storage key inviteCode; src/app/device-sync.ts).
    acceptInviteCode: assign((_, params: { inviteCode: string }) => ({
      inviteCode: params.inviteCode,
      storedInviteCode: params.inviteCode,
      skipDisclaimers: false,
    })),
    rememberPhoneNumber: assign({
      phoneNumber: ({ event }) => {
        assertEvent(event, ['phone.submit', 'login.submitPhone']);
        return event.phoneNumber;
      },
      isNotRegistered: false,
    }),
    markNotRegistered: assign({ isNotRegistered: true }),
    // A link's code that the server knows is kept on the device, so a reload keeps it.
    keepInviteLinkCode: assign({ storedInviteCode: ({ context }) => context.inviteLinkCode }),
    showCodeSent: emit((_, params: CodeRequest) => ({
      type: 'toast' as const,
      message: params.otp ?? 'Your code has been sent',
      variant: 'info' as const,
      key: TOAST_KEYS.codeSent,
      persist: true,
    })),
    rememberCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'code.complete');
        return event.code;
      },
    }),
    clearCode: assign({ code: '' }),
    signIn: assign((_, params: { login: LoginResponse }) => ({ login: params.login })),
  },
}).createMachine({
  id: 'entryFlow',
  context: ({ input }) => ({
    hasAcceptedTerms: input.hasAcceptedTerms,
    isDesktop: input.isDesktop,
    storedInviteCode: input.storedInviteCode,
    inviteLinkCode: null,
    slideIndex: 0,
    isArrowHidden: false,
    isTicketImageLoaded: false,
    isAgreementChecked: false,
    inviteCode: null,
    skipDisclaimers: false,
    phoneNumber: null,
    code: '',
    login: null,
    isNotRegistered: false,
  }),
  initial: 'awaitingRoute',
  // Reached only through `signedIn`, once the login is in the context.
  output: ({ context }) => {
    if (!context.login) throw new Error('The entry flow ended without a login');
    return context.login;
  },
  on: {
    'route.opened': [
      {
        guard: 'isStartingPageRoute',
        target: '.startingPage',
        actions: 'openStartingPage',
      },
      {
        guard: and(['isDisclaimerRoute', 'hasAcceptedTerms']),
        target: '.inviteCode',
      },
      { guard: 'isDisclaimerRoute', target: '.disclaimer' },
      { guard: 'isInviteCodeRoute', target: '.inviteCode' },
      {
        guard: and(['isOnboardingRoute', 'hasInviteCodeForOnboarding']),
        target: '.onboarding',
        actions: 'openOnboarding',
      },
      {
        // Nobody can register without an invite code: ask for one.
        guard: 'isOnboardingRoute',
        target: '.inviteCode',
      },
      { guard: 'isPhoneLoginRoute', target: '.phoneLogin' },
      {
        guard: and(['isLoginRoute', 'hasPhoneNumberInNavigationState']),
        target: '.verification',
        actions: 'openVerification',
      },
      {
        // Nothing to verify without a number: ask for one.
        guard: 'isLoginRoute',
        target: '.phoneLogin',
      },
    ],
  },
  states: {
    awaitingRoute: {
      description: 'Nothing on screen yet: the first page to open says where the visitor is.',
    },
    startingPage: {
      description:
        'The invite link (/?code=): its code is checked at once while the visitor reads the slides.',
      // Seen once: Back from the next screen does not replay the link (nor count it again).
      meta: { route: '/', once: true } satisfies RouteMeta,
      initial: 'slides',
      entry: 'resetSlides',
      invoke: [
        {
          // Counting the click never holds the visitor up; the actor ignores failures.
          id: 'countInviteClick',
          src: 'countInviteClick',
          input: ({ context }) => ({ inviteCode: context.inviteLinkCode ?? '' }),
        },
        {
          id: 'checkInviteLink',
          src: 'validateInvite',
          input: ({ context }) => ({ inviteCode: context.inviteLinkCode ?? '' }),
          onDone: { actions: 'keepInviteLinkCode' },
          onError: [
            {
              // Offline: the visitor reads on; registration checks the code again.
              guard: {
                type: 'isNetworkFailure',
                params: ({ event }) => toCallFailure(event.error),
              },
              actions: log('The invite code could not be checked now; registration checks it.'),
            },
            {
              // A code the server refuses: fix it before walking through the slides.
              target: '#entryFlow.inviteCode',
              actions: [
                { type: 'showToast', params: { message: 'Invalid Code', variant: 'error' } },
              ],
            },
          ],
        },
      ],
      states: {
        slides: {
          description: 'Swipeable intro slides, then Welcome with ENTER.',
          on: {
            'slides.next': { guard: 'canGoToNextSlide', actions: 'showNextSlide' },
            'slides.previous': { guard: 'canGoToPreviousSlide', actions: 'showPreviousSlide' },
            'slides.skip': { guard: 'canSkipSlides', actions: 'skipToWelcomeSlide' },
            'ticket.enter': { guard: 'isOnWelcomeSlide', target: 'revealingTicket' },
          },
        },
        revealingTicket: {
          description: 'The lottery ticket, blurred until its image has loaded, for 2.5 s.',
          entry: 'blurTicketImage',
          on: {
            'ticket.imageLoaded': { guard: 'isTicketImageLoading', actions: 'revealTicketImage' },
          },
          after: { ticketReveal: 'ticketReceived' },
        },
        ticketReceived: {
          description:
            'One entry ticket received, kept in the wallet; on to /onboarding with the code.',
          on: {
            'ticketReceived.forward': {
              target: '#entryFlow.onboarding',
              actions: [{ type: 'takeInviteLinkCode', params: { skipDisclaimers: false } }],
            },
            'ticketReceived.skip': {
              target: '#entryFlow.onboarding',
              actions: [{ type: 'takeInviteLinkCode', params: { skipDisclaimers: true } }],
            },
          },
        },
      },
    },
    disclaimer: {
      description: 'Terms, privacy and rules; on a phone a ticked box enables SUBMIT.',
      // Shown at /disclaimer and at / (spec section 2).
      meta: { route: '/disclaimer', also: ['/'] } satisfies RouteMeta,
      entry: 'uncheckAgreement',
      on: {
        'disclaimer.toggleAgreement': {
          guard: 'isAgreementRequired',
          actions: 'toggleAgreement',
        },
        'disclaimer.submit': {
          guard: 'canSubmitDisclaimer',
          target: 'inviteCode',
          actions: 'acceptTerms',
        },
      },
    },
    inviteCode: {
      description: "'Enter Invitation Code': at most 11 characters, checked by the server.",
      meta: { route: '/invite-code' } satisfies RouteMeta,
      initial: 'entering',
      states: {
        entering: {
          on: {
            'inviteCode.submit': { guard: 'isInviteCodeWellFormed', target: 'validating' },
          },
        },
        validating: {
          invoke: {
            id: 'validateInvite',
            src: 'validateInvite',
            input: ({ event }) => {
              assertEvent(event, 'inviteCode.submit');
              return { inviteCode: event.inviteCode.trim() };
            },
            onDone: {
              target: '#entryFlow.onboarding',
              actions: [
                {
                  type: 'acceptInviteCode',
                  params: ({ event }) => ({ inviteCode: event.output.inviteCode }),
                },
                {
                  type: 'showToast',
                  params: { message: 'Invitation code received', variant: 'success' },
                },
              ],
            },
            onError: [
              {
                guard: {
                  type: 'isNetworkFailure',
                  params: ({ event }) => toCallFailure(event.error),
                },
                target: 'entering',
                actions: {
                  type: 'showToast',
                  params: { message: 'An unexpected error occurred', variant: 'error' },
                },
              },
              {
                target: 'entering',
                actions: {
                  type: 'showToast',
                  params: { message: 'Invalid Code', variant: 'error' },
                },
              },
            ],
          },
        },
      },
    },
    onboarding: {
      description: "'Verify Your Mobile Number': registers the phone with the invite code.",
      meta: { route: '/onboarding' } satisfies RouteMeta,
      initial: 'checkingTerms',
      states: {
        checkingTerms: {
          always: [
            { guard: 'isDisclaimerPending', target: 'acceptingTerms' },
            { target: 'enteringPhone' },
          ],
        },
        acceptingTerms: {
          description: 'Came by the invite link without Skip: the disclaimer comes first.',
          entry: 'uncheckAgreement',
          on: {
            'disclaimer.toggleAgreement': {
              guard: 'isAgreementRequired',
              actions: 'toggleAgreement',
            },
            'disclaimer.submit': {
              guard: 'canSubmitDisclaimer',
              target: 'enteringPhone',
              actions: 'acceptTerms',
            },
          },
        },
        enteringPhone: {
          on: {
            'phone.submit': {
              guard: 'isPhoneNumberValid',
              target: 'registering',
              actions: 'rememberPhoneNumber',
            },
          },
        },
        registering: {
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) => ({
              phoneNumber: context.phoneNumber ?? '',
              inviteCode: context.inviteCode ?? '',
            }),
            onDone: {
              target: '#entryFlow.verification',
            },
            onError: [
              {
                // Already registered: the player signs in with a texted code all the same.
                guard: {
                  type: 'isAlreadyRegistered',
                  params: ({ event }) => toCallFailure(event.error),
                },
                target: '#entryFlow.verification',
              },
              {
                target: 'enteringPhone',
                actions: {
                  type: 'showToast',
                  params: ({ event }) => ({
                    message: toCallFailure(event.error).detail ?? 'Server Error',
                    variant: 'error',
                  }),
                },
              },
            ],
          },
        },
      },
    },
    phoneLogin: {
      description: "'Welcome back': a returning player asks for a code.",
      meta: { route: '/phone-login' } satisfies RouteMeta,
      initial: 'entering',
      states: {
        entering: {
          on: {
            'login.submitPhone': {
              guard: 'isPhoneNumberValid',
              target: 'requestingCode',
              actions: 'rememberPhoneNumber',
            },
          },
        },
        requestingCode: {
          invoke: {
            id: 'requestLoginCode',
            src: 'requestCode',
            input: ({ context }) => ({ phoneNumber: context.phoneNumber ?? '' }),
            onDone: {
              // The code is on its way: /login waits for it instead of asking again.
              target: '#entryFlow.verification.awaitingCode',
              actions: [{ type: 'showCodeSent', params: ({ event }) => event.output }],
            },
            onError: [
              {
                guard: {
                  type: 'hasRejectedPhoneNumber',
                  params: ({ event }) => toCallFailure(event.error),
                },
                target: 'entering',
                actions: {
                  type: 'showToast',
                  params: ({ event }) => ({
                    message: toCallFailure(event.error).detail ?? 'Not registered',
                    variant: 'error',
                  }),
                },
              },
              {
                guard: {
                  type: 'isNotRegistered',
                  params: ({ event }) => toCallFailure(event.error),
                },
                target: 'entering',
                actions: [
                  'markNotRegistered',
                  { type: 'showToast', params: { message: 'Not registered', variant: 'error' } },
                ],
              },
              {
                target: 'entering',
                actions: {
                  type: 'showToast',
                  params: { message: 'Not registered', variant: 'error' },
                },
              },
            ],
          },
        },
      },
    },
    verification: {
      description: "'Enter Verification Code': four boxes; the code is requested on arrival.",
      meta: { route: '/login' } satisfies RouteMeta,
      initial: 'requestingCode',
      exit: { type: 'dismissToast', params: { key: TOAST_KEYS.codeSent } },
      states: {
        requestingCode: {
          invoke: {
            id: 'requestCode',
            src: 'requestCode',
            input: ({ context }) => ({ phoneNumber: context.phoneNumber ?? '' }),
            onDone: {
              target: 'awaitingCode',
              actions: { type: 'showCodeSent', params: ({ event }) => event.output },
            },
            onError: {
              target: 'awaitingCode',
              actions: {
                type: 'showToast',
                params: { message: 'There was a problem sending the code.', variant: 'error' },
              },
            },
          },
        },
        awaitingCode: {
          on: {
            'code.complete': {
              guard: 'isCodeComplete',
              target: 'verifying',
              actions: 'rememberCode',
            },
            // A new text voids the earlier code (and the one locked out by wrong guesses).
            'code.resend': {
              target: 'requestingCode',
              actions: [
                'clearCode',
                { type: 'dismissToast', params: { key: TOAST_KEYS.codeSent } },
              ],
            },
            'login.changeNumber': { target: '#entryFlow.phoneLogin' },
          },
        },
        verifying: {
          entry: {
            type: 'showToast',
            params: { message: 'Loading...', variant: 'loading', key: TOAST_KEYS.verifying },
          },
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({
              phoneNumber: context.phoneNumber ?? '',
              code: context.code,
            }),
            onDone: {
              target: '#entryFlow.signedIn',
              actions: [
                { type: 'dismissToast', params: { key: TOAST_KEYS.verifying } },
                {
                  type: 'showToast',
                  params: { message: 'Validation Succesful', variant: 'success' },
                },
                { type: 'signIn', params: ({ event }) => ({ login: event.output }) },
              ],
            },
            onError: [
              {
                guard: {
                  type: 'isUnauthorized',
                  params: ({ event }) => toCallFailure(event.error),
                },
                target: 'awaitingCode',
                actions: [
                  { type: 'dismissToast', params: { key: TOAST_KEYS.verifying } },
                  'clearCode',
                  { type: 'showToast', params: { message: 'Invalid Code', variant: 'error' } },
                ],
              },
              {
                target: 'awaitingCode',
                actions: [
                  { type: 'dismissToast', params: { key: TOAST_KEYS.verifying } },
                  'clearCode',
                  { type: 'showToast', params: { message: 'Server Error', variant: 'error' } },
                ],
              },
            ],
          },
        },
      },
    },
    signedIn: {
      type: 'final',
      description: 'The login is the output: the session signs the player in and shows /home.',
    },
  },
});

export type EntryFlowMachine = typeof entryFlowMachine;
