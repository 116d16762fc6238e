// The way in (spec sections 2 and 4): the starting page of an invite link, the disclaimer, the
// invite code, the phone number, the texted code. Each screen is a state that names its route
// (`meta`, machines/shared/routes.ts) and invokes the step that runs it, a machine of its own
// that ends with an output (the code accepted, the number registered, the login). The app
// follows the screens and says `route.opened` when the visitor goes somewhere (a link, a
// reload, Back), so the visitor lands on the matching screen. The flow runs as a child of the
// session (the app's root): it tells the session when the terms are accepted, and it ends with
// the player's login as its output, which signs the player in.
import { and, assertEvent, assign, emit, enqueueActions, setup, type AnyActorRef } from 'xstate';
import type { LoginResponse } from '../../contract/api';
import type { DismissToastEffect, ToastEffect } from '../shared/effects';
import type { RouteMeta } from '../shared/routes';
import { readRoute, type RouteOpening } from './entry-flow.routes';
import { ENTRY_STEPS } from './entry-flow.steps';
import type { InviteLinkConfirmedEvent } from './starting-page.machine';
import { CODE_SENT_TOAST_KEY } from './verification.machine';

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
  /** The invite code the device keeps (storage key inviteCode; src/app/system-sync.ts). */
  storedInviteCode: string | null;
  /** `?code=` of the invite link being shown. */
  inviteLinkCode: string | null;
  /** The code the registration will use. */
  inviteCode: string | null;
  skipDisclaimers: boolean;
  phoneNumber: string | null;
  /** /phone-login has just asked for a code: the code boxes wait for it. */
  isCodeOnItsWay: boolean;
  /** The verified login, the flow's output. */
  login: LoginResponse | null;
};

export type EntryFlowEvent = ({ type: 'route.opened' } & RouteOpening) | InviteLinkConfirmedEvent;

export type EntryFlowEmitted = ToastEffect | DismissToastEffect;

/** What the entry flow tells the session (its parent). */
export type TermsAcceptedEvent = { type: 'session.termsAccepted' };

export const entryFlowMachine = setup({
  types: {
    context: {} as EntryFlowContext,
    events: {} as EntryFlowEvent,
    input: {} as EntryFlowInput,
    output: {} as LoginResponse,
    emitted: {} as EntryFlowEmitted,
  },
  actors: ENTRY_STEPS,
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
    isDisclaimerPending: ({ context }) => !context.hasAcceptedTerms && !context.skipDisclaimers,
    isCodeRefused: (_, output: { next: string }) => output.next === 'inviteCode',
    hasLogin: (_, output: { login: LoginResponse | null }) => output.login !== null,
  },
  actions: {
    dismissCodeSent: emit({ type: 'dismissToast' as const, key: CODE_SENT_TOAST_KEY }),
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
      return { phoneNumber: readRoute(event).phoneNumber, isCodeOnItsWay: false };
    }),
    // A link's code that the server knows is kept on the device, so a reload keeps it.
    keepInviteLinkCode: assign({
      storedInviteCode: ({ event }) => {
        assertEvent(event, 'inviteLink.confirmed');
        return event.inviteCode;
      },
    }),
    takeInviteLinkCode: assign(
      (_, params: { inviteCode: string | null; skipDisclaimers: boolean }) => params,
    ),
    // The session keeps the flag across visits (hasAcceptedTerms in user-storage).
    acceptTerms: enqueueActions(({ enqueue, system }) => {
      enqueue.assign({ hasAcceptedTerms: true });
      const session = system.get('session') as AnyActorRef | undefined;
      if (session)
        enqueue.sendTo(session, { type: 'session.termsAccepted' } satisfies TermsAcceptedEvent);
    }),
    acceptInviteCode: assign((_, params: { inviteCode: string }) => ({
      inviteCode: params.inviteCode,
      storedInviteCode: params.inviteCode,
      skipDisclaimers: false,
    })),
    askForCode: assign((_, params: { phoneNumber: string; isCodeOnItsWay: boolean }) => params),
    signIn: assign((_, params: { login: LoginResponse | null }) => ({ login: params.login })),
  },
}).createMachine({
  id: 'entryFlow',
  context: ({ input }) => ({
    hasAcceptedTerms: input.hasAcceptedTerms,
    isDesktop: input.isDesktop,
    storedInviteCode: input.storedInviteCode,
    inviteLinkCode: null,
    inviteCode: null,
    skipDisclaimers: false,
    phoneNumber: null,
    isCodeOnItsWay: false,
    login: null,
  }),
  initial: 'awaitingRoute',
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
      on: { 'inviteLink.confirmed': { actions: 'keepInviteLinkCode' } },
    },
    disclaimer: {
      description: 'Terms, privacy and rules, accepted before the invite code.',
      // Shown at /disclaimer and at / (spec section 2).
      meta: { route: '/disclaimer', also: ['/'] } satisfies RouteMeta,
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
