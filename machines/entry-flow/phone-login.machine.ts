// 'Welcome back' (/phone-login, spec section 3): a returning player asks for a texted code. It
// ends once the code is on its way, with the number; the entry flow (its parent) shows the code
// boxes, which wait for that code instead of asking again.
import { assertEvent, assign, setup } from 'xstate';
import { PhoneNumber } from '../../contract/api';
import type { ToastEffect } from '../shared/effects';
import { effectAtRoot, toastAtRoot } from '../shared/root';
import { toCallFailure, type CallFailure } from '../shared/call-failure';
import { disconnectedEntryFlowActors, type CodeRequest } from './entry-flow.actors';
import { codeSentToast } from './verification.machine';

export type PhoneLoginEvent = { type: 'login.submitPhone'; phoneNumber: string };
export type PhoneLoginOutput = { phoneNumber: string };

export type PhoneLoginContext = {
  phoneNumber: string;
  /** The last request found no player with the number: offer the way to sign up. */
  isNotRegistered: boolean;
};

export const phoneLoginMachine = setup({
  types: {
    context: {} as PhoneLoginContext,
    events: {} as PhoneLoginEvent,
    output: {} as PhoneLoginOutput,
    emitted: {} as ToastEffect,
  },
  actors: { requestCode: disconnectedEntryFlowActors.requestCode },
  guards: {
    isPhoneNumberValid: ({ event }) => PhoneNumber.safeParse(event.phoneNumber).success,
    // 422 is the spec's case; a 429 (too many requests) also carries a detail worth showing.
    hasRejectedPhoneNumber: (_, failure: CallFailure) =>
      (failure.status === 422 || failure.status === 429) && failure.detail !== null,
    isNotRegistered: (_, failure: CallFailure) => failure.status === 404,
  },
  actions: {
    showToast: toastAtRoot(),
    showCodeSent: effectAtRoot((params: CodeRequest) => codeSentToast(params)),
    rememberPhoneNumber: assign({
      phoneNumber: ({ event }) => {
        assertEvent(event, 'login.submitPhone');
        return event.phoneNumber;
      },
      isNotRegistered: false,
    }),
    markNotRegistered: assign({ isNotRegistered: true }),
  },
}).createMachine({
  id: 'phoneLogin',
  context: { phoneNumber: '', isNotRegistered: false },
  output: ({ context }) => ({ phoneNumber: context.phoneNumber }),
  initial: 'entering',
  states: {
    entering: {
      description: "The number field and 'Get my code'.",
      on: {
        'login.submitPhone': {
          guard: 'isPhoneNumberValid',
          target: 'requestingCode',
          actions: 'rememberPhoneNumber',
        },
      },
    },
    requestingCode: {
      description: 'The server texts a code to the number.',
      invoke: {
        id: 'requestLoginCode',
        src: 'requestCode',
        input: ({ context }) => ({ phoneNumber: context.phoneNumber }),
        onDone: {
          target: 'codeSent',
          actions: { type: 'showCodeSent', params: ({ event }) => event.output },
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
            guard: { type: 'isNotRegistered', params: ({ event }) => toCallFailure(event.error) },
            target: 'entering',
            actions: [
              'markNotRegistered',
              { type: 'showToast', params: { message: 'Not registered', variant: 'error' } },
            ],
          },
          {
            target: 'entering',
            actions: { type: 'showToast', params: { message: 'Not registered', variant: 'error' } },
          },
        ],
      },
    },
    codeSent: { type: 'final', description: 'The code is on its way: on to the code boxes.' },
  },
});

export type PhoneLoginMachine = typeof phoneLoginMachine;
