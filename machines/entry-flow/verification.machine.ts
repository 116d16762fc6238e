// 'Enter Verification Code' (/login, spec section 3): four boxes for the texted code, asked for
// on arrival unless it is already on its way; 'Resend code' voids the code sent before,
// 'Change number' goes back to the number. It ends with the player's login (the entry flow's
// output, which signs the player in), or with the wish to change the number.
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { OneTimeCode, type LoginResponse } from '../../contract/api';
import type { DismissToastEffect, ToastEffect } from '../shared/effects';
import { effectAtRoot, toastAtRoot } from '../shared/root';
import { toCallFailure, type CallFailure } from '../shared/call-failure';
import { disconnectedEntryFlowActors, type CodeRequest } from './entry-flow.actors';

/** The texted code (or its notice) stays until the verification screen is left. */
export const CODE_SENT_TOAST_KEY = 'entry-code-sent';

/** The toast of a code request: the code itself while no SMS provider is set, else a notice. */
export function codeSentToast({ otp }: CodeRequest): ToastEffect {
  return {
    type: 'toast',
    message: otp ?? 'Your code has been sent',
    variant: 'info',
    key: CODE_SENT_TOAST_KEY,
    persist: true,
  };
}
const VERIFYING_TOAST_KEY = 'entry-verifying';

export type VerificationInput = {
  phoneNumber: string;
  /** /phone-login has just asked for the code: wait for it instead of asking again. */
  isCodeOnItsWay: boolean;
};

export type VerificationContext = {
  phoneNumber: string;
  isCodeOnItsWay: boolean;
  /** The code being verified; empty while the player types. */
  code: string;
  login: LoginResponse | null;
};

export type VerificationEvent =
  | { type: 'code.complete'; code: string }
  | { type: 'code.resend' }
  | { type: 'login.changeNumber' };

/** What the step tells the entry flow (its parent) once the server has texted a code. */
export type CodeSentEvent = { type: 'verification.codeSent' };

export type VerificationOutput = { login: LoginResponse } | { login: null };

export const verificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    input: {} as VerificationInput,
    output: {} as VerificationOutput,
    emitted: {} as ToastEffect | DismissToastEffect,
  },
  actors: {
    requestCode: disconnectedEntryFlowActors.requestCode,
    verifyCode: disconnectedEntryFlowActors.verifyCode,
  },
  guards: {
    isCodeOnItsWay: ({ context }) => context.isCodeOnItsWay,
    isCodeComplete: ({ event }) =>
      event.type === 'code.complete' && OneTimeCode.safeParse(event.code).success,
    isUnauthorized: (_, failure: CallFailure) => failure.status === 401,
  },
  actions: {
    showToast: toastAtRoot(),
    dismissToast: effectAtRoot((params: { key: string }) => ({
      type: 'dismissToast',
      key: params.key,
    })),
    showCodeSent: effectAtRoot((params: CodeRequest) => codeSentToast(params)),
    rememberCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'code.complete');
        return event.code;
      },
    }),
    clearCode: assign({ code: '' }),
    // The flow keeps it in /login's history state: a reload or Back waits for this code instead
    // of texting another (which would void it). A step run on its own has no flow to tell.
    tellFlowCodeSent: enqueueActions(({ enqueue, self }) => {
      if (self._parent) enqueue.sendTo(self._parent, { type: 'verification.codeSent' });
    }),
    signIn: assign((_, params: { login: LoginResponse }) => ({ login: params.login })),
  },
}).createMachine({
  id: 'verification',
  context: ({ input }) => ({ ...input, code: '', login: null }),
  output: ({ context }) => ({ login: context.login }),
  initial: 'arriving',
  states: {
    arriving: {
      always: [{ guard: 'isCodeOnItsWay', target: 'awaitingCode' }, { target: 'requestingCode' }],
    },
    requestingCode: {
      description: 'The server texts a code; the boxes wait for it.',
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ phoneNumber: context.phoneNumber }),
        onDone: {
          target: 'awaitingCode',
          actions: [
            { type: 'showCodeSent', params: ({ event }) => event.output },
            'tellFlowCodeSent',
          ],
        },
        onError: {
          target: 'awaitingCode',
          actions: {
            type: 'showToast',
            params: { message: 'There was a problem sending the code.', variant: 'error' },
          },
        },
      },
    },
    awaitingCode: {
      description: 'The boxes take the code; Resend code and Change number are offered.',
      on: {
        'code.complete': { guard: 'isCodeComplete', target: 'verifying', actions: 'rememberCode' },
        // A new text voids the earlier code (and the one locked out by wrong guesses).
        'code.resend': {
          target: 'requestingCode',
          actions: ['clearCode', { type: 'dismissToast', params: { key: CODE_SENT_TOAST_KEY } }],
        },
        'login.changeNumber': { target: 'changingNumber' },
      },
    },
    verifying: {
      description: 'The server checks the code.',
      entry: {
        type: 'showToast',
        params: { message: 'Loading...', variant: 'loading', key: VERIFYING_TOAST_KEY },
      },
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ phoneNumber: context.phoneNumber, code: context.code }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'dismissToast', params: { key: VERIFYING_TOAST_KEY } },
            { type: 'showToast', params: { message: 'Validation Succesful', variant: 'success' } },
            { type: 'signIn', params: ({ event }) => ({ login: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => toCallFailure(event.error) },
            target: 'awaitingCode',
            actions: [
              { type: 'dismissToast', params: { key: VERIFYING_TOAST_KEY } },
              'clearCode',
              { type: 'showToast', params: { message: 'Invalid Code', variant: 'error' } },
            ],
          },
          {
            target: 'awaitingCode',
            actions: [
              { type: 'dismissToast', params: { key: VERIFYING_TOAST_KEY } },
              'clearCode',
              { type: 'showToast', params: { message: 'Server Error', variant: 'error' } },
            ],
          },
        ],
      },
    },
    signedIn: { type: 'final', description: 'The code was right: the login is the output.' },
    changingNumber: { type: 'final', description: 'Back to /phone-login for another number.' },
  },
});

export type VerificationMachine = typeof verificationMachine;
