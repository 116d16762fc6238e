// Swipeable slides, one at a time: the starting page's introduction (spec section 9) and the
// wallet's instructions. The arrow or a swipe left shows the next slide, a swipe right the one
// before; Skip jumps ahead and hides the arrow. The slides end (a final state) when the player
// has read them: with ENTER on the last one (the starting page), or with the arrow past the last
// one or a swipe up on any (the wallet). The flow that shows them invokes this machine and moves
// on when it is done.
import { assign, setup } from 'xstate';

export type SlidesInput = {
  count: number;
  /** Skip jumps to this slide and hides the arrow; null when there is no Skip. */
  skipTo: number | null;
  /** The arrow (or a swipe left) on the last slide ends the slides, as ENTER does. */
  nextEndsOnLastSlide: boolean;
  /** `slides.finish` ends the slides from any slide (the wallet's swipe up), not only the last. */
  finishFromAnySlide: boolean;
};

export type SlidesContext = SlidesInput & {
  index: number;
  isArrowHidden: boolean;
};

export type SlidesEvent =
  | { type: 'slides.next' }
  | { type: 'slides.previous' }
  | { type: 'slides.skip' }
  /** ENTER on the starting page's last slide; a swipe up in the wallet. */
  | { type: 'slides.finish' };

export const slidesMachine = setup({
  types: {
    context: {} as SlidesContext,
    events: {} as SlidesEvent,
    input: {} as SlidesInput,
  },
  guards: {
    canShowNextSlide: ({ context }) => !context.isArrowHidden && context.index < context.count - 1,
    canEndWithArrow: ({ context }) =>
      context.nextEndsOnLastSlide && context.index >= context.count - 1,
    canShowPreviousSlide: ({ context }) => context.index > 0,
    canSkip: ({ context }) => context.skipTo !== null && context.index < context.skipTo,
    canFinish: ({ context }) => context.finishFromAnySlide || context.index >= context.count - 1,
  },
  actions: {
    showNextSlide: assign({ index: ({ context }) => context.index + 1 }),
    showPreviousSlide: assign({ index: ({ context }) => context.index - 1 }),
    skipAhead: assign({
      index: ({ context }) => context.skipTo ?? context.index,
      isArrowHidden: true,
    }),
  },
}).createMachine({
  id: 'slides',
  context: ({ input }) => ({ ...input, index: 0, isArrowHidden: false }),
  initial: 'showing',
  states: {
    showing: {
      description: 'One slide on screen; the arrow, swipes and Skip move between them.',
      on: {
        'slides.next': [
          { guard: 'canEndWithArrow', target: 'read' },
          { guard: 'canShowNextSlide', actions: 'showNextSlide' },
        ],
        'slides.previous': { guard: 'canShowPreviousSlide', actions: 'showPreviousSlide' },
        'slides.skip': { guard: 'canSkip', actions: 'skipAhead' },
        'slides.finish': { guard: 'canFinish', target: 'read' },
      },
    },
    read: {
      type: 'final',
      description: 'The player has read the slides: the flow showing them moves on.',
    },
  },
});

export type SlidesMachine = typeof slidesMachine;

/** The slide on screen, within the slides. */
export const selectSlideIndex = (snapshot: { context: SlidesContext }): number =>
  Math.min(Math.max(snapshot.context.index, 0), snapshot.context.count - 1);
