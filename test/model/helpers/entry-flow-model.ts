// The entry flow's model for the generated walks: small named fixtures, the calls' outcomes as
// the steps receive them, and the flow's own events (the routes a visitor opens, each step's
// end as its output), with what tells two of the flow's states apart.
import type { EventObject, SnapshotFrom } from 'xstate';
import type { WalkSnapshot } from './entry-walk';
import type { LoginResponse } from '../../../contract/api';
import { ApiFailure } from '../../../src/lib/api';
import type {
  entryFlowMachine,
  EntryFlowEvent,
  EntryFlowInput,
} from '../../../machines/entry-flow/entry-flow.machine';
import type { EntryStepId } from '../../../machines/entry-flow/entry-flow.steps';

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

export type EntryFlowSnapshot = SnapshotFrom<typeof entryFlowMachine>;

/** An invoked actor (a call, or a step) ending with `output`. */
export const done = (id: string, output: unknown): EventObject =>
  ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as EventObject;
/** An invoked call failing with an HTTP status (0: the network failed). */
export const failed = (id: string, status: number, detail: string | null = null): EventObject =>
  ({
    type: `xstate.error.actor.${id}`,
    error: new ApiFailure(status, detail),
    actorId: id,
  }) as EventObject;

/** The candidates the running invoked actors of `snapshot` can end with. */
export function outcomesOf(
  snapshot: WalkSnapshot,
  outcomes: Record<string, EventObject[]>,
): EventObject[] {
  return Object.entries(outcomes).flatMap(([id, events]) => (snapshot.children[id] ? events : []));
}

/** How a model event reads in a path's name. */
export function describeModelEvent(event: EventObject): string {
  if (event.type === 'route.opened') {
    const opened = event as Extract<EntryFlowEvent, { type: 'route.opened' }>;
    const kept = opened.navigationState ? Object.keys(opened.navigationState) : [];
    const state = kept.length === 0 ? '' : ` (with ${kept.join(', ')})`;
    return `open ${opened.path}${opened.search}${state}`;
  }
  if ('error' in event) {
    const status = (event.error as { status: number }).status;
    return `${event.type.replace('xstate.error.actor.', '')} fails ${status}`;
  }
  if ('output' in event) {
    const output = event.output as Record<string, unknown> | undefined;
    const detail = output && typeof output === 'object' ? ` ${JSON.stringify(output)}` : '';
    return `${event.type.replace('xstate.done.actor.', '')} ends${detail}`;
  }
  if (event.type.startsWith('xstate.after.')) return 'time passes';
  return event.type;
}

// ---- the flow's own walk ----------------------------------------------------------------

/**
 * Routes a visitor can open by hand: a link, the address bar, Back and a reload (an entry's
 * history state: the starting page's ticket received, the number and a code on its way).
 */
export const ROUTE_OPENINGS: EntryFlowEvent[] = [
  { type: 'route.opened', path: '/', search: `?code=${INVITE_LINK_CODE}`, navigationState: null },
  {
    type: 'route.opened',
    path: '/',
    search: `?code=${INVITE_LINK_CODE}`,
    navigationState: { ticketReceived: true },
  },
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
  {
    type: 'route.opened',
    path: '/login',
    search: '',
    navigationState: { phoneNumber: PHONE_NUMBER, codeSent: true },
  },
  { type: 'route.opened', path: '/login', search: '', navigationState: null },
];

/** How each step can end, as the flow receives it. */
export const STEP_OUTCOMES: Record<EntryStepId, EventObject[]> = {
  startingPage: [
    done('startingPage', {
      next: 'onboarding',
      inviteCode: INVITE_LINK_CODE,
      skipDisclaimers: false,
    }),
    done('startingPage', {
      next: 'onboarding',
      inviteCode: INVITE_LINK_CODE,
      skipDisclaimers: true,
    }),
    done('startingPage', { next: 'inviteCode' }),
  ],
  terms: [done('terms', undefined)],
  inviteCode: [done('inviteCode', { inviteCode: TYPED_INVITE_CODE })],
  phoneRegistration: [done('phoneRegistration', { phoneNumber: PHONE_NUMBER })],
  phoneLogin: [done('phoneLogin', { phoneNumber: PHONE_NUMBER })],
  verification: [done('verification', { login: LOGIN }), done('verification', { login: null })],
};

/** What the starting page tells the flow once the server knows the link's code. */
export const LINK_CONFIRMED: EntryFlowEvent = {
  type: 'inviteLink.confirmed',
  inviteCode: INVITE_LINK_CODE,
};
/** What the starting page tells the flow once 'one entry ticket received' shows. */
export const TICKET_RECEIVED: EntryFlowEvent = { type: 'startingPage.ticketReceived' };
/** What the code screen tells the flow once the server has texted the code it asked for. */
export const CODE_SENT: EntryFlowEvent = { type: 'verification.codeSent' };

/**
 * The events the flow can take in `snapshot`: routes opened, steps ending, what the step on
 * screen tells it (the link checked, the ticket received, a code texted).
 */
export function entryFlowModelEvents(snapshot: WalkSnapshot): EventObject[] {
  // Signed in: the flow has ended with its login and takes no more events.
  if (snapshot.status === 'done') return [];
  const context = (snapshot as EntryFlowSnapshot).context;
  const candidates: EventObject[] = [...ROUTE_OPENINGS, ...outcomesOf(snapshot, STEP_OUTCOMES)];
  const confirmed = context.storedInviteCode === INVITE_LINK_CODE;
  if (snapshot.children.startingPage && !confirmed) candidates.push(LINK_CONFIRMED);
  if (snapshot.children.startingPage && !context.isTicketReceived) candidates.push(TICKET_RECEIVED);
  // The code screen asks for a code as it opens unless one is on its way.
  if (snapshot.children.verification && !context.isCodeOnItsWay) candidates.push(CODE_SENT);
  return candidates.filter((event) => {
    // A code the server confirmed is not refused afterwards.
    const output = (event as { output?: { next?: string } }).output;
    if (confirmed && output?.next === 'inviteCode') return false;
    // The code screen ends (a code typed, or 'Change number') once a code is on its way; the
    // step's own walk (entry-steps.model.test.tsx) takes the rest.
    if (event.type === 'xstate.done.actor.verification' && !context.isCodeOnItsWay) return false;
    return snapshot.can(event);
  });
}

/**
 * What tells two of the flow's states apart: where it is, the two things that change later
 * decisions (terms accepted, an invite code on the device), and what the screen's address
 * carries (the ticket received on /, the code and Skip on /onboarding, the number and a code
 * on its way on /login).
 */
export function serializeEntryFlowState(snapshot: WalkSnapshot): string {
  const { context } = snapshot as EntryFlowSnapshot;
  const screen = (): Record<string, unknown> => {
    if (snapshot.matches('startingPage')) return { ticket: context.isTicketReceived };
    if (snapshot.matches('onboarding'))
      return { invite: context.inviteCode, skip: context.skipDisclaimers };
    if (snapshot.matches('verification'))
      return { phone: context.phoneNumber, onItsWay: context.isCodeOnItsWay };
    return {};
  };
  return JSON.stringify({
    value: snapshot.value,
    terms: context.hasAcceptedTerms,
    stored: context.storedInviteCode,
    ...screen(),
  });
}
