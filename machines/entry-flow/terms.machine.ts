// The disclaimer (spec sections 2 and 5): the terms, the privacy policy and the official rules;
// on a phone a ticked box enables SUBMIT, a desktop needs no box. It ends when the visitor
// accepts; the entry flow (its parent) keeps that and moves on.
import { assign, setup } from 'xstate';

export type TermsInput = {
  /** On a desktop the disclaimer needs no ticked box (spec section 5). */
  isDesktop: boolean;
};

export type TermsContext = { isDesktop: boolean; isAgreementChecked: boolean };

export type TermsEvent = { type: 'disclaimer.toggleAgreement' } | { type: 'disclaimer.submit' };

export const termsMachine = setup({
  types: {
    context: {} as TermsContext,
    events: {} as TermsEvent,
    input: {} as TermsInput,
  },
  guards: {
    isAgreementRequired: ({ context }) => !context.isDesktop,
    canSubmit: ({ context }) => context.isDesktop || context.isAgreementChecked,
  },
  actions: {
    toggleAgreement: assign({ isAgreementChecked: ({ context }) => !context.isAgreementChecked }),
  },
}).createMachine({
  id: 'terms',
  context: ({ input }) => ({ isDesktop: input.isDesktop, isAgreementChecked: false }),
  initial: 'reading',
  states: {
    reading: {
      description: 'The disclaimer with its links; SUBMIT once the box is ticked.',
      on: {
        'disclaimer.toggleAgreement': { guard: 'isAgreementRequired', actions: 'toggleAgreement' },
        'disclaimer.submit': { guard: 'canSubmit', target: 'accepted' },
      },
    },
    accepted: { type: 'final', description: 'The visitor accepted the terms.' },
  },
});

export type TermsMachine = typeof termsMachine;
