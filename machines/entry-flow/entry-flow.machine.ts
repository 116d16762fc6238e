// The way in (spec sections 2 and 4): the starting page of an invite link, the disclaimer, the
// invite code, the phone number, the texted code. Each screen is a state that names its route
// (`meta`, machines/shared/routes.ts) and invokes the step that runs it, a machine of its own
// that ends with an output (the code accepted, the number registered, the login). The app
// follows the screens and says `route.opened` when the visitor goes somewhere (a link, a
// reload, Back), so the visitor lands on the matching screen. The flow runs as a child of the
// session (the app's root): it tells the session when the terms are accepted, and it ends with
// the player's login as its output, which signs the player in.
import { and } from 'xstate';
import type { RouteMeta } from '../shared/routes';
import { entryFlowSetup } from './entry-flow.setup';

export * from './entry-flow.types';

export const entryFlowMachine = entryFlowSetup.createMachine({
  id: 'entryFlow',
  context: ({ input }) => ({
    hasAcceptedTerms: input.hasAcceptedTerms,
    opensAtDisclaimer: input.opensAtDisclaimer ?? false,
    isDesktop: input.isDesktop,
    storedInviteCode: input.storedInviteCode,
    inviteLinkCode: null,
    isTicketReceived: false,
    inviteCode: null,
    skipDisclaimers: false,
    phoneNumber: null,
    isCodeOnItsWay: false,
    login: null,
    isAccountDeletedNoticeShown: input.accountDeleted ?? false,
  }),
  initial: 'awaitingRoute',
  // Tells the root the screen on display and the invite code the device keeps.
  invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
  // Signed out by the player (Logout, the deletion): the disclaimer opens, wherever they were.
  entry: 'openDisclaimerAfterSignOut',
  // Reached only through `signedIn`, once the login is in the context.
  output: ({ context }) => {
    if (!context.login) throw new Error('The entry flow ended without a login');
    return context.login;
  },
  on: {
    'route.opened': [
      { guard: 'isStartingPageRoute', target: '.startingPage', actions: 'openStartingPage' },
      { guard: and(['isDisclaimerRoute', 'hasAcceptedTerms']), target: '.inviteCode' },
      { guard: 'isDisclaimerRoute', target: '.disclaimer' },
      { guard: 'isInviteCodeRoute', target: '.inviteCode' },
      {
        guard: and(['isOnboardingRoute', 'hasInviteCodeForOnboarding']),
        target: '.onboarding',
        actions: 'openOnboarding',
      },
      // Nobody can register without an invite code: ask for one.
      { guard: 'isOnboardingRoute', target: '.inviteCode' },
      { guard: 'isPhoneLoginRoute', target: '.phoneLogin' },
      {
        guard: and(['isLoginRoute', 'hasPhoneNumberInNavigationState']),
        target: '.verification',
        actions: 'openVerification',
      },
      // Nothing to verify without a number: ask for one.
      { guard: 'isLoginRoute', target: '.phoneLogin' },
    ],
  },
  states: {
    awaitingRoute: {
      description: 'Nothing on screen yet: the first page to open says where the visitor is.',
    },
    startingPage: {
      description: 'The invite link (/?code=): slides, the ticket, then on with the code.',
      // Seen once: Back from the next screen does not replay the link (nor count it again).
      meta: { route: '/', once: true } satisfies RouteMeta,
      invoke: {
        id: 'startingPage',
        src: 'startingPage',
        input: ({ context, self }) => ({
          inviteLinkCode: context.inviteLinkCode ?? '',
          atTicket: context.isTicketReceived,
          flow: self,
        }),
        onDone: [
          {
            // A code the server refuses: fix it before going on.
            guard: { type: 'isCodeRefused', params: ({ event }) => event.output },
            target: 'inviteCode',
          },
          {
            target: 'onboarding',
            actions: {
              type: 'takeInviteLinkCode',
              params: ({ event }) => ({
                inviteCode: event.output.next === 'onboarding' ? event.output.inviteCode : null,
                skipDisclaimers: event.output.next === 'onboarding' && event.output.skipDisclaimers,
              }),
            },
          },
        ],
      },
      on: {
        'inviteLink.confirmed': { actions: 'keepInviteLinkCode' },
        'startingPage.ticketReceived': { actions: 'markTicketReceived' },
      },
    },
    disclaimer: {
      description: 'Terms, privacy and rules, accepted before the invite code.',
      // Shown at /disclaimer and at / (spec section 2).
      meta: { route: '/disclaimer', also: ['/'] } satisfies RouteMeta,
      // The deletion is news once: coming back to the disclaimer later is a normal visit.
      exit: 'forgetAccountDeleted',
      invoke: {
        id: 'terms',
        src: 'terms',
        input: ({ context }) => ({ isDesktop: context.isDesktop }),
        onDone: { target: 'inviteCode', actions: 'acceptTerms' },
      },
    },
    inviteCode: {
      description: "'Enter Invitation Code', checked by the server.",
      meta: { route: '/invite-code' } satisfies RouteMeta,
      invoke: {
        id: 'inviteCode',
        src: 'inviteCode',
        onDone: {
          target: 'onboarding',
          actions: { type: 'acceptInviteCode', params: ({ event }) => event.output },
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
          invoke: {
            id: 'terms',
            src: 'terms',
            input: ({ context }) => ({ isDesktop: context.isDesktop }),
            onDone: { target: 'enteringPhone', actions: 'acceptTerms' },
          },
        },
        enteringPhone: {
          invoke: {
            id: 'phoneRegistration',
            src: 'phoneRegistration',
            input: ({ context }) => ({ inviteCode: context.inviteCode ?? '' }),
            onDone: {
              target: '#entryFlow.verification',
              actions: {
                type: 'askForCode',
                params: ({ event }) => ({ ...event.output, isCodeOnItsWay: false }),
              },
            },
          },
        },
      },
    },
    phoneLogin: {
      description: "'Welcome back': a returning player asks for a code.",
      meta: { route: '/phone-login' } satisfies RouteMeta,
      invoke: {
        id: 'phoneLogin',
        src: 'phoneLogin',
        onDone: {
          // The code is on its way: /login waits for it instead of asking again.
          target: 'verification',
          actions: {
            type: 'askForCode',
            params: ({ event }) => ({ ...event.output, isCodeOnItsWay: true }),
          },
        },
      },
    },
    verification: {
      description: "'Enter Verification Code': the texted code signs the player in.",
      meta: { route: '/login' } satisfies RouteMeta,
      exit: 'dismissCodeSent',
      on: { 'verification.codeSent': { actions: 'markCodeSent' } },
      invoke: {
        id: 'verification',
        src: 'verification',
        input: ({ context }) => ({
          phoneNumber: context.phoneNumber ?? '',
          isCodeOnItsWay: context.isCodeOnItsWay,
        }),
        onDone: [
          {
            guard: { type: 'hasLogin', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'signIn', params: ({ event }) => event.output },
          },
          { target: 'phoneLogin' },
        ],
      },
    },
    signedIn: {
      type: 'final',
      description: 'The login is the output: the session signs the player in and shows /home.',
    },
  },
});

export type EntryFlowMachine = typeof entryFlowMachine;
