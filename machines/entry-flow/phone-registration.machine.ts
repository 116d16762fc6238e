// 'Verify Your Mobile Number' (/onboarding, spec section 3): registers the phone number with
// the invite code. It ends with the number, registered now or before (a player signs in with a
// texted code all the same); the entry flow (its parent) goes on to the code.
import { assertEvent, assign, setup } from 'xstate';
import { PhoneNumber } from '../../contract/api';
import type { ToastEffect } from '../shared/effects';
import { toastAtRoot } from '../shared/root';
import { toCallFailure, type CallFailure } from '../shared/call-failure';
import { disconnectedEntryFlowActors } from './entry-flow.actors';

export type PhoneRegistrationInput = { inviteCode: string };
export type PhoneRegistrationEvent = { type: 'phone.submit'; phoneNumber: string };
export type PhoneRegistrationOutput = { phoneNumber: string };

export const phoneRegistrationMachine = setup({
  types: {
    context: {} as { inviteCode: string; phoneNumber: string },
    events: {} as PhoneRegistrationEvent,
    input: {} as PhoneRegistrationInput,
    output: {} as PhoneRegistrationOutput,
    emitted: {} as ToastEffect,
  },
  actors: { register: disconnectedEntryFlowActors.register },
  guards: {
    isPhoneNumberValid: ({ event }) => PhoneNumber.safeParse(event.phoneNumber).success,
    isAlreadyRegistered: (_, failure: CallFailure) => failure.status === 409,
  },
  actions: {
    showToast: toastAtRoot(),
    rememberPhoneNumber: assign({
      phoneNumber: ({ event }) => {
        assertEvent(event, 'phone.submit');
        return event.phoneNumber;
      },
    }),
  },
}).createMachine({
  id: 'phoneRegistration',
  context: ({ input }) => ({ inviteCode: input.inviteCode, phoneNumber: '' }),
  output: ({ context }) => ({ phoneNumber: context.phoneNumber }),
  initial: 'enteringPhone',
  states: {
    enteringPhone: {
      description: 'The US number field and Enter.',
      on: {
        'phone.submit': {
          guard: 'isPhoneNumberValid',
          target: 'registering',
          actions: 'rememberPhoneNumber',
        },
      },
    },
    registering: {
      description: 'The server registers the number with the invite code.',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => context,
        onDone: 'registered',
        onError: [
          {
            // Already registered: the player signs in with a texted code all the same.
            guard: {
              type: 'isAlreadyRegistered',
              params: ({ event }) => toCallFailure(event.error),
            },
            target: 'registered',
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
    registered: { type: 'final', description: 'On to the texted code.' },
  },
});

export type PhoneRegistrationMachine = typeof phoneRegistrationMachine;
