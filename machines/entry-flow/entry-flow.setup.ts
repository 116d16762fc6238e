// What the entry flow's chart (entry-flow.machine.ts) is built from: its types, the steps it
// invokes, and its guards and actions. The chart itself reads on its own.
import { assertEvent, assign, enqueueActions, setup, type AnyActorRef } from 'xstate';
import type { LoginResponse } from '../../contract/api';
import { STORAGE_KEYS } from '../shared/device';
import { dismissToastAtRoot, reportToRoot, ROOT_ID } from '../shared/root';
import { readRoute } from './entry-flow.routes';
import { selectNavigationState } from './entry-flow.selectors';
import { ENTRY_STEPS } from './entry-flow.steps';
import { CODE_SENT_TOAST_KEY } from './verification.machine';

import type {
  EntryFlowContext,
  EntryFlowEmitted,
  EntryFlowEvent,
  EntryFlowInput,
  TermsAcceptedEvent,
} from './entry-flow.types';

export const entryFlowSetup = setup({
  types: {
    context: {} as EntryFlowContext,
    events: {} as EntryFlowEvent,
    input: {} as EntryFlowInput,
    output: {} as LoginResponse,
    emitted: {} as EntryFlowEmitted,
  },
  actors: {
    ...ENTRY_STEPS,
    reportToRoot: reportToRoot({
      historyState: selectNavigationState,
      kept: ({ context }: { context: EntryFlowContext }) =>
        context.storedInviteCode === null
          ? {}
          : { [STORAGE_KEYS.inviteCode]: context.storedInviteCode },
    }),
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
    isDisclaimerPending: ({ context }) => !context.hasAcceptedTerms && !context.skipDisclaimers,
    isCodeRefused: (_, output: { next: string }) => output.next === 'inviteCode',
    hasLogin: (_, output: { login: LoginResponse | null }) => output.login !== null,
  },
  actions: {
    dismissCodeSent: dismissToastAtRoot(CODE_SENT_TOAST_KEY),
    openStartingPage: assign(({ event }) => {
      assertEvent(event, 'route.opened');
      const route = readRoute(event);
      return { inviteLinkCode: route.inviteLinkCode, isTicketReceived: route.ticketReceived };
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
      const route = readRoute(event);
      return { phoneNumber: route.phoneNumber, isCodeOnItsWay: route.codeSent };
    }),
    markTicketReceived: assign({ isTicketReceived: true }),
    markCodeSent: assign({ isCodeOnItsWay: true }),
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
      const session = system.get(ROOT_ID) as AnyActorRef | undefined;
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
    forgetAccountDeleted: assign({ isAccountDeletedNoticeShown: false }),
    openDisclaimerAfterSignOut: enqueueActions(({ context, enqueue }) => {
      if (!context.opensAtDisclaimer) return;
      enqueue.raise({
        type: 'route.opened',
        path: '/disclaimer',
        search: '',
        navigationState: null,
      });
    }),
  },
});
