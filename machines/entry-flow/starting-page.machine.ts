// The starting page of an invite link (/?code=, spec section 9): the introduction slides, the
// lottery ticket revealed for 2.5 s, then 'one entry ticket received'. The link's code is
// checked and the click counted at once, while the visitor reads. The page ends with where the
// visitor goes next: on to /onboarding with the code (Skip leaves out the disclaimer), or to
// /invite-code when the server refuses the link's code.
import { assign, enqueueActions, log, setup, type AnyActorRef } from 'xstate';
import type { ToastEffect } from '../shared/effects';
import { toastAtRoot } from '../shared/root';
import { slidesMachine, type SlidesInput } from '../shared/slides.machine';
import { toCallFailure, type CallFailure } from '../shared/call-failure';
import { disconnectedEntryFlowActors } from './entry-flow.actors';

/** The starting page's slides: the intro points, then 'Welcome to BLACK BUTTON' with ENTER. */
export const STARTING_SLIDE_COUNT = 7;
/** Skip jumps to this slide (spec section 9) and hides the arrow. */
export const SKIP_SLIDE_INDEX = 6;
export const WELCOME_SLIDE_INDEX = STARTING_SLIDE_COUNT - 1;

/** The starting page's slides: Skip to the welcome slide, ENTER there ends them. */
export const STARTING_SLIDES_INPUT = {
  count: STARTING_SLIDE_COUNT,
  skipTo: SKIP_SLIDE_INDEX,
  nextEndsOnLastSlide: false,
  finishFromAnySlide: false,
} as const satisfies SlidesInput;

export type StartingPageInput = {
  inviteLinkCode: string;
  /** The page had shown 'one entry ticket received' before a reload: it opens there. */
  atTicket?: boolean;
  /** The flow showing the page, told when the server knows the code (none in a walk of its own). */
  flow: AnyActorRef | null;
};

export type StartingPageContext = {
  inviteLinkCode: string;
  atTicket: boolean;
  flow: AnyActorRef | null;
  isTicketImageLoaded: boolean;
  skipDisclaimers: boolean;
  /** The server refused the link's code. */
  isCodeRefused: boolean;
};

export type StartingPageEvent =
  | { type: 'ticket.imageLoaded' }
  | { type: 'ticketReceived.forward' }
  | { type: 'ticketReceived.skip' };

/** Where the visitor goes from the starting page. */
export type StartingPageOutput =
  { next: 'onboarding'; inviteCode: string; skipDisclaimers: boolean } | { next: 'inviteCode' };

/** What the page tells the entry flow (its parent) when the server knows the link's code. */
export type InviteLinkConfirmedEvent = { type: 'inviteLink.confirmed'; inviteCode: string };
/** What the page tells the entry flow when the ticket is received (its history state keeps it). */
export type TicketReceivedEvent = { type: 'startingPage.ticketReceived' };

export const startingPageMachine = setup({
  types: {
    context: {} as StartingPageContext,
    events: {} as StartingPageEvent,
    input: {} as StartingPageInput,
    output: {} as StartingPageOutput,
    emitted: {} as ToastEffect,
  },
  actors: {
    slides: slidesMachine,
    validateInvite: disconnectedEntryFlowActors.validateInvite,
    countInviteClick: disconnectedEntryFlowActors.countInviteClick,
  },
  delays: {
    /** ENTER shows the ticket for 2.5 s before the ticket-received screen (spec section 9). */
    ticketReveal: 2500,
  },
  guards: {
    isNetworkFailure: (_, failure: CallFailure) => failure.status === 0,
    isTicketImageLoading: ({ context }) => !context.isTicketImageLoaded,
    isAtTicket: ({ context }) => context.atTicket,
  },
  actions: {
    showToast: toastAtRoot(),
    // The entry flow keeps the code (and the device with it), so a reload keeps it.
    confirmInviteLink: enqueueActions(({ context, enqueue }) => {
      if (!context.flow) return;
      enqueue.sendTo(context.flow, {
        type: 'inviteLink.confirmed',
        inviteCode: context.inviteLinkCode,
      } satisfies InviteLinkConfirmedEvent);
    }),
    tellFlowTicketReceived: enqueueActions(({ context, enqueue }) => {
      if (!context.flow) return;
      enqueue.sendTo(context.flow, {
        type: 'startingPage.ticketReceived',
      } satisfies TicketReceivedEvent);
    }),
    refuseCode: assign({ isCodeRefused: true }),
    blurTicketImage: assign({ isTicketImageLoaded: false }),
    revealTicketImage: assign({ isTicketImageLoaded: true }),
    chooseDisclaimers: assign((_, params: { skipDisclaimers: boolean }) => params),
  },
}).createMachine({
  id: 'startingPage',
  context: ({ input }) => ({
    inviteLinkCode: input.inviteLinkCode,
    atTicket: input.atTicket ?? false,
    flow: input.flow,
    isTicketImageLoaded: false,
    skipDisclaimers: false,
    isCodeRefused: false,
  }),
  output: ({ context }) =>
    context.isCodeRefused
      ? { next: 'inviteCode' }
      : {
          next: 'onboarding',
          inviteCode: context.inviteLinkCode,
          skipDisclaimers: context.skipDisclaimers,
        },
  invoke: [
    {
      // Counting the click never holds the visitor up; the actor ignores failures.
      id: 'countInviteClick',
      src: 'countInviteClick',
      input: ({ context }) => ({ inviteCode: context.inviteLinkCode }),
    },
    {
      id: 'checkInviteLink',
      src: 'validateInvite',
      input: ({ context }) => ({ inviteCode: context.inviteLinkCode }),
      onDone: { actions: 'confirmInviteLink' },
      onError: [
        {
          // Offline: the visitor reads on; registration checks the code again.
          guard: { type: 'isNetworkFailure', params: ({ event }) => toCallFailure(event.error) },
          actions: log('The invite code could not be checked now; registration checks it.'),
        },
        {
          // A code the server refuses: fix it before walking through the slides.
          target: '.refused',
          actions: [
            'refuseCode',
            { type: 'showToast', params: { message: 'Invalid Code', variant: 'error' } },
          ],
        },
      ],
    },
  ],
  initial: 'opening',
  states: {
    opening: {
      description: "A reload after the ticket was received opens at 'one entry ticket received'.",
      always: [{ guard: 'isAtTicket', target: 'ticketReceived' }, { target: 'slides' }],
    },
    slides: {
      description: 'Swipeable intro slides, then Welcome with ENTER.',
      invoke: {
        id: 'slides',
        src: 'slides',
        input: STARTING_SLIDES_INPUT,
        onDone: 'revealingTicket',
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
      entry: 'tellFlowTicketReceived',
      on: {
        'ticketReceived.forward': {
          target: 'done',
          actions: { type: 'chooseDisclaimers', params: { skipDisclaimers: false } },
        },
        'ticketReceived.skip': {
          target: 'done',
          actions: { type: 'chooseDisclaimers', params: { skipDisclaimers: true } },
        },
      },
    },
    refused: {
      type: 'final',
      description: 'The server refused the code: the visitor is asked for another.',
    },
    done: {
      type: 'final',
      description: 'On to /onboarding with the link’s code.',
    },
  },
});

export type StartingPageMachine = typeof startingPageMachine;
