// The abstract model of the entry flow that path generation walks: which events a visitor (or
// the network) can cause in each state, with small named fixtures, and which parts of a state
// tell two states apart.
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from 'xstate';
import type { LoginResponse } from '../../../contract/api';
import { ApiFailure } from '../../../src/lib/api';
import type {
  entryFlowMachine,
  EntryFlowEvent,
  EntryFlowInput,
} from '../../../machines/entry-flow/entry-flow.machine';

export const INVITE_LINK_CODE = 'LINK2025';
export const TYPED_INVITE_CODE = 'BLACK2025';
/** (202) 555-0123 as the app sends it. */
export const PHONE_NUMBER = '12025550123';
export const PHONE_TYPED = '2025550123';
export const PHONE_FORMATTED = '(202) 555-0123';
export const TEXTED_CODE = '4821';

export const LOGIN: LoginResponse = {
  token: 'header.payload.signature',
  user: { id: '7d4c8d52-2f0e-4c55-9d1e-3c43f2b7c001', phone_number: PHONE_NUMBER, main_price: 500 },
  questionnaires_count: 0,
};

export const MODEL_INPUT: EntryFlowInput = {
  hasAcceptedTerms: false,
  isDesktop: false,
  storedInviteCode: null,
};

/** The invoked calls the chart branches on (counting invite clicks has no branches). */
export const INVOKE_IDS = [
  'checkInviteLink',
  'validateInvite',
  'register',
  'requestLoginCode',
  'requestCode',
  'verifyCode',
] as const;
export type InvokeId = (typeof INVOKE_IDS)[number];

export const TICKET_REVEAL_EVENT =
  'xstate.after.ticketReveal.entryFlow.startingPage.revealingTicket';

export type ModelEvent =
  | EntryFlowEvent
  | DoneActorEvent<unknown, InvokeId>
  | ErrorActorEvent<unknown, InvokeId>
  | { type: typeof TICKET_REVEAL_EVENT };
export type ModelEventType = ModelEvent['type'];

export type EntryFlowSnapshot = SnapshotFrom<typeof entryFlowMachine>;

const done = (id: InvokeId, output: unknown): ModelEvent =>
  ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as unknown as ModelEvent;
const failed = (id: InvokeId, status: number, detail: string | null = null): ModelEvent =>
  ({
    type: `xstate.error.actor.${id}`,
    error: new ApiFailure(status, detail),
    actorId: id,
  }) as unknown as ModelEvent;

/** Routes a visitor can open by hand: a link, the address bar, Back. */
export const ROUTE_OPENINGS: EntryFlowEvent[] = [
  { type: 'route.opened', path: '/', search: `?code=${INVITE_LINK_CODE}`, navigationState: null },
  { type: 'route.opened', path: '/', search: '', navigationState: null },
  { type: 'route.opened', path: '/disclaimer', search: '', navigationState: null },
  { type: 'route.opened', path: '/invite-code', search: '', navigationState: null },
  {
    type: 'route.opened',
    path: '/onboarding',
    search: `?invite_code=${INVITE_LINK_CODE}`,
    navigationState: null,
  },
  { type: 'route.opened', path: '/onboarding', search: '', navigationState: null },
  { type: 'route.opened', path: '/phone-login', search: '', navigationState: null },
  {
    type: 'route.opened',
    path: '/login',
    search: '',
    navigationState: { phoneNumber: PHONE_NUMBER },
  },
  { type: 'route.opened', path: '/login', search: '', navigationState: null },
];

const VISITOR_EVENTS: EntryFlowEvent[] = [
  { type: 'slides.next' },
  { type: 'slides.previous' },
  { type: 'slides.skip' },
  { type: 'ticket.enter' },
  { type: 'ticket.imageLoaded' },
  { type: 'ticketReceived.forward' },
  { type: 'ticketReceived.skip' },
  { type: 'disclaimer.toggleAgreement' },
  { type: 'disclaimer.submit' },
  { type: 'inviteCode.submit', inviteCode: TYPED_INVITE_CODE },
  { type: 'phone.submit', phoneNumber: PHONE_NUMBER },
  { type: 'login.submitPhone', phoneNumber: PHONE_NUMBER },
  { type: 'code.complete', code: TEXTED_CODE },
  { type: 'code.resend' },
  { type: 'login.changeNumber' },
];

/** How each call can end, as the chart receives it. */
export const CALL_OUTCOMES: Record<InvokeId, ModelEvent[]> = {
  checkInviteLink: [
    done('checkInviteLink', { inviteCode: INVITE_LINK_CODE }),
    failed('checkInviteLink', 404, 'Invalid invite code'),
    failed('checkInviteLink', 0),
  ],
  validateInvite: [
    done('validateInvite', { inviteCode: TYPED_INVITE_CODE }),
    failed('validateInvite', 404, 'Invalid invite code'),
    failed('validateInvite', 0),
  ],
  register: [
    done('register', undefined),
    failed('register', 409, 'Phone number is already registered'),
    failed('register', 422, 'This invite code has been used up'),
    failed('register', 500),
  ],
  requestLoginCode: [
    done('requestLoginCode', { otp: TEXTED_CODE }),
    failed('requestLoginCode', 422, 'Phone number is not valid'),
    failed('requestLoginCode', 404, 'No player has this phone number'),
    failed('requestLoginCode', 500),
  ],
  requestCode: [
    done('requestCode', { otp: TEXTED_CODE }),
    done('requestCode', { otp: null }),
    failed('requestCode', 500),
  ],
  verifyCode: [done('verifyCode', LOGIN), failed('verifyCode', 401), failed('verifyCode', 500)],
};

/** The events enabled in `snapshot`: what the visitor can do there and how running calls end. */
export function entryFlowModelEvents(snapshot: EntryFlowSnapshot): ModelEvent[] {
  // Signed in: the flow has ended with its login and takes no more events.
  if (snapshot.status === 'done') return [];
  const candidates: ModelEvent[] = [...ROUTE_OPENINGS, ...VISITOR_EVENTS];
  for (const id of INVOKE_IDS) {
    if (snapshot.children[id]) candidates.push(...CALL_OUTCOMES[id]);
  }
  if (snapshot.matches({ startingPage: 'revealingTicket' }))
    candidates.push({ type: TICKET_REVEAL_EVENT });
  return candidates.filter((event) => snapshot.can(event as EntryFlowEvent));
}

/**
 * What tells two states apart for the walk: where the flow is, what that screen shows, and the
 * two things that change later decisions (terms accepted, an invite code on the device). What
 * other screens left behind in the context does not make a new state worth walking to.
 */
export function serializeEntryFlowState(snapshot: EntryFlowSnapshot): string {
  const c = snapshot.context;
  const screen = (): Record<string, unknown> => {
    if (snapshot.matches({ startingPage: 'slides' }))
      return { slide: c.slideIndex, arrowHidden: c.isArrowHidden, link: c.inviteLinkCode };
    if (snapshot.matches({ startingPage: 'revealingTicket' }))
      return { loaded: c.isTicketImageLoaded };
    if (snapshot.matches({ startingPage: 'ticketReceived' })) return { link: c.inviteLinkCode };
    if (snapshot.matches('disclaimer')) return { agreed: c.isAgreementChecked };
    if (snapshot.matches('onboarding'))
      return {
        invite: c.inviteCode,
        skip: c.skipDisclaimers,
        agreed: c.isAgreementChecked,
        phone: c.phoneNumber,
      };
    if (snapshot.matches('phoneLogin')) return { notRegistered: c.isNotRegistered };
    if (snapshot.matches('verification')) return { phone: c.phoneNumber, code: c.code };
    return {};
  };
  // The slides and the reveal look and behave the same whatever the visitor did before.
  const onStartingPage =
    snapshot.matches({ startingPage: 'slides' }) ||
    snapshot.matches({ startingPage: 'revealingTicket' });
  return JSON.stringify({
    value: snapshot.value,
    ...(onStartingPage ? {} : { terms: c.hasAcceptedTerms, stored: c.storedInviteCode }),
    // Whether the link's code is still being checked decides what can happen next.
    ...(snapshot.matches('startingPage')
      ? { checking: 'checkInviteLink' in snapshot.children }
      : {}),
    ...screen(),
  });
}
