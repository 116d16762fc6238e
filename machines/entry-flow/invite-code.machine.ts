// 'Enter Invitation Code' (/invite-code, spec section 3): at most 11 characters, checked by the
// server. It ends with the code the server accepted; the entry flow (its parent) keeps it on the
// device and goes on to /onboarding.
import { assertEvent, assign, setup } from 'xstate';
import { InviteCode } from '../../contract/api';
import type { ToastEffect } from '../shared/effects';
import { toastAtRoot } from '../shared/root';
import { toCallFailure, type CallFailure } from '../shared/call-failure';
import { disconnectedEntryFlowActors } from './entry-flow.actors';

export type InviteCodeEvent = { type: 'inviteCode.submit'; inviteCode: string };
export type InviteCodeOutput = { inviteCode: string };

export const inviteCodeMachine = setup({
  types: {
    context: {} as { inviteCode: string | null },
    events: {} as InviteCodeEvent,
    output: {} as InviteCodeOutput,
    emitted: {} as ToastEffect,
  },
  actors: { validateInvite: disconnectedEntryFlowActors.validateInvite },
  guards: {
    isWellFormed: ({ event }) => InviteCode.safeParse(event.inviteCode).success,
    isNetworkFailure: (_, failure: CallFailure) => failure.status === 0,
  },
  actions: {
    showToast: toastAtRoot(),
    acceptCode: assign((_, params: InviteCodeOutput) => ({ inviteCode: params.inviteCode })),
  },
}).createMachine({
  id: 'inviteCode',
  context: { inviteCode: null },
  output: ({ context }) => ({ inviteCode: context.inviteCode ?? '' }),
  initial: 'entering',
  states: {
    entering: {
      description: 'The code field and Submit.',
      on: { 'inviteCode.submit': { guard: 'isWellFormed', target: 'validating' } },
    },
    validating: {
      description: 'The server checks the code; Submit is busy.',
      invoke: {
        id: 'validateInvite',
        src: 'validateInvite',
        input: ({ event }) => {
          assertEvent(event, 'inviteCode.submit');
          return { inviteCode: event.inviteCode.trim() };
        },
        onDone: {
          target: 'accepted',
          actions: [
            { type: 'acceptCode', params: ({ event }) => event.output },
            {
              type: 'showToast',
              params: { message: 'Invitation code received', variant: 'success' },
            },
          ],
        },
        onError: [
          {
            guard: { type: 'isNetworkFailure', params: ({ event }) => toCallFailure(event.error) },
            target: 'entering',
            actions: {
              type: 'showToast',
              params: { message: 'An unexpected error occurred', variant: 'error' },
            },
          },
          {
            target: 'entering',
            actions: { type: 'showToast', params: { message: 'Invalid Code', variant: 'error' } },
          },
        ],
      },
    },
    accepted: { type: 'final', description: 'The server knows the code: on to /onboarding.' },
  },
});

export type InviteCodeMachine = typeof inviteCodeMachine;
