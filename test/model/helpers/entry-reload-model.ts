// The entry flow's model as a visitor walks it screen by screen, for its reload and Back walk:
// the flow's chart (entry-flow.machine.ts) with the step on screen run by its own machine
// alongside, so each screen a step shows (the starting page's slides and ticket, a failure
// shown on the invite code, the phone number or the code) is a state of its own. A step's end
// is the flow's `xstate.done.actor.<step>` with the step's output, as the running flow hears it.
// The visitor opens one address (a link, the address bar) and goes on by the screens' own
// buttons and links, so every path is a way a visitor takes.
import type { AnyActorRef, AnyStateMachine, EventObject } from 'xstate';
import { connectEntryFlow, connectEntrySteps } from '../../../machines/entry-flow/connect';
import type { EntryFlowEvent } from '../../../machines/entry-flow/entry-flow.machine';
import type { EntryStepId } from '../../../machines/entry-flow/entry-flow.steps';
import {
  CODE_SENT,
  done,
  failed,
  INVITE_LINK_CODE,
  LINK_CONFIRMED,
  LOGIN,
  outcomesOf,
  PHONE_NUMBER,
  ROUTE_OPENINGS,
  TEXTED_CODE,
  TICKET_RECEIVED,
  TYPED_INVITE_CODE,
  type EntryFlowSnapshot,
} from './entry-flow-model';
import type { WalkSnapshot } from './entry-walk';
import { FakeEntryFlowApi } from './fake-entry-flow-api';

/** A step's state as the walk reads it (the running step's alike). */
export type StepSnapshot = WalkSnapshot;
/** The flow's state, the step on screen in its own state, and the failure it shows. */
export type EntryWalkSnapshot = EntryFlowSnapshot & {
  step: { id: EntryStepId; snapshot: StepSnapshot } | null;
  /** What the last failed call put on screen (a toast), until the visitor does something else. */
  failure: string | null;
  /** The number was registered on the way (the code screen came after sign-up). */
  registered: boolean;
};

const api = new FakeEntryFlowApi();
const flowLogic = connectEntryFlow(api);
const STEPS = connectEntrySteps(api) as unknown as Record<EntryStepId, AnyStateMachine>;
const STEP_IDS = Object.keys(STEPS) as EntryStepId[];

/** The step the flow runs on its screen, by the id it invokes it under; null if none. */
export function stepRef(flow: EntryFlowSnapshot): [EntryStepId, AnyActorRef] | null {
  const children = flow.children as Record<string, AnyActorRef | undefined>;
  const id = STEP_IDS.find((step) => children[step] !== undefined);
  return id === undefined ? null : [id, children[id]!];
}

export const TICKET_REVEAL = 'xstate.after.ticketReveal.startingPage.revealingTicket';

/** The in-app links of each screen: sign in from sign-up's screens, sign up from sign-in's. */
const LINKS: Array<[string, string]> = [
  ['disclaimer', '/phone-login'],
  ['onboarding.acceptingTerms', '/phone-login'],
  ['inviteCode', '/phone-login'],
  ['phoneLogin', '/invite-code'],
];

const opening = (path: string): EntryFlowEvent =>
  ({ type: 'route.opened', path, search: '', navigationState: null }) as EntryFlowEvent;

/** What the visitor (or a call's answer) can cause on each step's screen. */
const STEP_EVENTS: Record<EntryStepId, EventObject[]> = {
  startingPage: [
    done('slides', undefined),
    { type: TICKET_REVEAL },
    { type: 'ticketReceived.forward' },
    { type: 'ticketReceived.skip' },
  ],
  terms: [{ type: 'disclaimer.toggleAgreement' }, { type: 'disclaimer.submit' }],
  inviteCode: [{ type: 'inviteCode.submit', inviteCode: TYPED_INVITE_CODE } as EventObject],
  phoneRegistration: [{ type: 'phone.submit', phoneNumber: PHONE_NUMBER } as EventObject],
  phoneLogin: [{ type: 'login.submitPhone', phoneNumber: PHONE_NUMBER } as EventObject],
  verification: [
    { type: 'code.complete', code: TEXTED_CODE } as EventObject,
    { type: 'code.resend' },
    { type: 'login.changeNumber' },
  ],
};

/** How each call a step makes can end (by the id the step invokes it under). */
export const CALL_OUTCOMES: Record<string, EventObject[]> = {
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
  requestCode: [done('requestCode', { otp: TEXTED_CODE }), failed('requestCode', 500)],
  verifyCode: [done('verifyCode', LOGIN), failed('verifyCode', 401), failed('verifyCode', 500)],
};

/** The code screen's word when the server could not text a code: none is on its way. */
export const CODE_NOT_SENT = 'There was a problem sending the code.';

/** What the visitor is told when a step's call fails (the toast), by the call's id. */
const FAILURE_TOASTS: Record<string, (status: number, detail: string | null) => string | null> = {
  // Offline, the link's code is checked again at registration: the visitor reads on.
  checkInviteLink: (status) => (status === 0 ? null : 'Invalid Code'),
  validateInvite: (status) => (status === 0 ? 'An unexpected error occurred' : 'Invalid Code'),
  // Registered before: the number signs in with a code all the same.
  register: (status, detail) => (status === 409 ? null : (detail ?? 'Server Error')),
  requestLoginCode: (status, detail) =>
    status === 422 && detail !== null ? detail : 'Not registered',
  requestCode: () => CODE_NOT_SENT,
  verifyCode: (status) => (status === 401 ? 'Invalid Code' : 'Server Error'),
};

/** The failure a call's refusal shows on the screen, if any. */
function failureOf(event: EventObject): string | null {
  const call = /^xstate\.error\.actor\.(.+)$/.exec(event.type)?.[1];
  if (call === undefined) return null;
  const { status, detail } = (
    event as unknown as { error: { status: number; detail: string | null } }
  ).error;
  return FAILURE_TOASTS[call]?.(status, detail) ?? null;
}

type WalkedStep = EntryWalkSnapshot['step'];

/**
 * The step on screen once the flow is `after`: the one walked (`kept`) while the flow runs the
 * same actor; a step opened afresh (a route, the step before it ending) in its first state, with
 * the input the flow gave it.
 */
function stepAfter(before: EntryFlowSnapshot, after: EntryFlowSnapshot, kept: WalkedStep) {
  const found = stepRef(after);
  if (after.status === 'done' || !found) return null;
  const [id, child] = found;
  const running = (before.children as Record<string, AnyActorRef | undefined>)[id];
  if (kept && kept.id === id && running === child) return kept;
  return { id, snapshot: child.getSnapshot() as StepSnapshot };
}

type Scope = Parameters<typeof flowLogic.transition>[2];

/**
 * The step once a call's answer has come: the call is no longer under way. (A call the step
 * makes from its start keeps its finished actor among the children; the walk must not answer
 * it twice.)
 */
function answered(step: StepSnapshot, event: EventObject): StepSnapshot {
  const call = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)?.[2];
  if (call === undefined || !(call in step.children)) return step;
  const children = Object.entries(step.children).filter(([id]) => id !== call);
  return { ...step, children: Object.fromEntries(children) };
}

function walkTransition(
  walked: EntryWalkSnapshot,
  event: EventObject,
  scope: Scope,
): EntryWalkSnapshot {
  const before = walked as EntryFlowSnapshot;
  if (event.type === 'route.opened') {
    const flow = flowLogic.transition(before, event as EntryFlowEvent, scope);
    return {
      ...flow,
      step: stepAfter(before, flow, walked.step),
      failure: null,
      registered: walked.registered,
    };
  }
  const { step } = walked;
  if (!step) throw new Error(`No step on screen takes ${event.type}`);
  const logic = STEPS[step.id];
  const taken = answered(logic.transition(step.snapshot as never, event, scope as never), event);
  let flow = before;
  // What the step tells the flow: the server knows the link's code, the ticket is received (the
  // starting page's history state keeps it), the server texted a code (/login's keeps it).
  const told: EntryFlowEvent[] = [];
  if (step.id === 'startingPage' && event.type === 'xstate.done.actor.checkInviteLink') {
    told.push(LINK_CONFIRMED);
  }
  const entered = (state: string) => taken.value === state && step.snapshot.value !== state;
  if (step.id === 'startingPage' && entered('ticketReceived')) told.push(TICKET_RECEIVED);
  if (step.id === 'verification' && event.type === 'xstate.done.actor.requestCode') {
    told.push(CODE_SENT);
  }
  for (const message of told) flow = flowLogic.transition(flow, message, scope);
  if (taken.status === 'done') {
    flow = flowLogic.transition(flow, done(step.id, taken.output) as never, scope);
  }
  return {
    ...flow,
    step: stepAfter(before, flow, { id: step.id, snapshot: taken }),
    failure: failureOf(event),
    registered: walked.registered || (step.id === 'phoneRegistration' && taken.status === 'done'),
  };
}

/** The model's chart as the walk takes it: the flow with the step on screen alongside. */
export const walkedEntryFlow = Object.create(flowLogic, {
  getInitialSnapshot: {
    value: (...args: Parameters<typeof flowLogic.getInitialSnapshot>): EntryWalkSnapshot => ({
      ...flowLogic.getInitialSnapshot(...args),
      step: null,
      failure: null,
      registered: false,
    }),
  },
  transition: { value: walkTransition },
}) as typeof flowLogic;

/** The events of the walk in `walked`: the first address, the screen's links, the step's. */
export function entryWalkEvents(walked: WalkSnapshot): EventObject[] {
  const { step, status } = walked as unknown as EntryWalkSnapshot;
  if (status === 'done') return [];
  if (walked.matches('awaitingRoute')) {
    // A fresh visit has no history state: only the addresses a link or the address bar opens.
    return ROUTE_OPENINGS.filter((event) => 'navigationState' in event && !event.navigationState);
  }
  const links = LINKS.filter(([state]) => walked.matches(state)).map(([, path]) => opening(path));
  if (!step) return links;
  const stepEvents = [...STEP_EVENTS[step.id], ...outcomesOf(step.snapshot, CALL_OUTCOMES)];
  return [...links, ...stepEvents.filter((event) => step.snapshot.can(event))];
}

/**
 * What tells two states of the walk apart: the flow's state and all it holds (a way in decides
 * what a reload and Back show), the step's, the failure shown, a registration on the way.
 */
export function serializeEntryWalk(snapshot: WalkSnapshot): string {
  const { step, failure, value, context, registered } = snapshot as unknown as EntryWalkSnapshot;
  const stepState = step && {
    id: step.id,
    value: step.snapshot.value,
    context: { ...(step.snapshot.context as object), flow: undefined },
    calls: Object.keys(step.snapshot.children),
  };
  return JSON.stringify({ value, context, step: stepState, failure, registered });
}
