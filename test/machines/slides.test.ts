import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  selectSlideIndex,
  slidesMachine,
  type SlidesEvent,
  type SlidesInput,
} from '../../machines/shared/slides.machine';
import { STARTING_SLIDES_INPUT } from '../../machines/entry-flow/starting-page.machine';
import { WALLET_SLIDE_COUNT, WALLET_SLIDES_INPUT } from '../../machines/wallet/wallet.machine';

/** The starting page: seven slides, Skip to the welcome slide, ENTER on it ends them. */
const STARTING_PAGE: SlidesInput = STARTING_SLIDES_INPUT;

function start(input: SlidesInput) {
  const actor = createActor(slidesMachine, { input });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    send: (event: SlidesEvent) => actor.send(event),
    snapshot,
    index: () => selectSlideIndex(snapshot()),
    can: (type: SlidesEvent['type']) => snapshot().can({ type }),
    isRead: () => snapshot().status === 'done',
    forward(times: number) {
      for (let i = 0; i < times; i++) actor.send({ type: 'slides.next' });
    },
  };
}

describe('slides: the starting page', () => {
  it('starts on the first slide with the arrow shown and nothing before it', () => {
    const slides = start(STARTING_PAGE);
    expect(slides.index()).toBe(0);
    expect(slides.snapshot().value).toBe('showing');
    expect(slides.can('slides.next')).toBe(true);
    expect(slides.can('slides.previous')).toBe(false);
    slides.send({ type: 'slides.previous' });
    expect(slides.index()).toBe(0);
  });

  it('moves forward to the last slide and no further: the arrow is gone there', () => {
    const slides = start(STARTING_PAGE);
    for (let i = 1; i <= 6; i++) {
      slides.send({ type: 'slides.next' });
      expect(slides.index()).toBe(i);
    }
    expect(slides.can('slides.next')).toBe(false);
    slides.send({ type: 'slides.next' });
    expect(slides.index()).toBe(6);
    expect(slides.isRead()).toBe(false);
  });

  it('goes back a slide at a time down to the first', () => {
    const slides = start(STARTING_PAGE);
    slides.forward(3);
    slides.send({ type: 'slides.previous' });
    expect(slides.index()).toBe(2);
    slides.send({ type: 'slides.previous' });
    slides.send({ type: 'slides.previous' });
    expect(slides.index()).toBe(0);
    expect(slides.can('slides.previous')).toBe(false);
  });

  it('skips to the welcome slide and hides the arrow, even after going back', () => {
    const slides = start(STARTING_PAGE);
    slides.send({ type: 'slides.next' });
    expect(slides.can('slides.skip')).toBe(true);
    slides.send({ type: 'slides.skip' });
    expect(slides.index()).toBe(6);
    expect(slides.can('slides.next')).toBe(false);
    expect(slides.can('slides.skip')).toBe(false);
    slides.send({ type: 'slides.previous' });
    expect(slides.index()).toBe(5);
    // Once skipped, the arrow stays hidden and nothing moves forward but Skip again.
    expect(slides.can('slides.next')).toBe(false);
    slides.send({ type: 'slides.next' });
    expect(slides.index()).toBe(5);
    expect(slides.can('slides.skip')).toBe(true);
  });

  it('offers no Skip on the welcome slide reached with the arrow', () => {
    const slides = start(STARTING_PAGE);
    slides.forward(6);
    expect(slides.can('slides.skip')).toBe(false);
  });

  it('ends only with ENTER on the last slide', () => {
    const slides = start(STARTING_PAGE);
    for (let i = 0; i < 6; i++) {
      expect(slides.can('slides.finish')).toBe(false);
      slides.send({ type: 'slides.finish' });
      expect(slides.isRead()).toBe(false);
      slides.send({ type: 'slides.next' });
    }
    expect(slides.can('slides.finish')).toBe(true);
    slides.send({ type: 'slides.finish' });
    expect(slides.snapshot().value).toBe('read');
    expect(slides.isRead()).toBe(true);
  });
});

describe('slides: the wallet', () => {
  it('has no Skip', () => {
    const slides = start(WALLET_SLIDES_INPUT);
    expect(slides.can('slides.skip')).toBe(false);
    slides.send({ type: 'slides.skip' });
    expect(slides.index()).toBe(0);
    expect(slides.can('slides.next')).toBe(true);
  });

  it('moves forward and back between the first and last slides', () => {
    const slides = start(WALLET_SLIDES_INPUT);
    expect(slides.can('slides.previous')).toBe(false);
    slides.forward(WALLET_SLIDE_COUNT - 1);
    expect(slides.index()).toBe(WALLET_SLIDE_COUNT - 1);
    slides.send({ type: 'slides.previous' });
    expect(slides.index()).toBe(WALLET_SLIDE_COUNT - 2);
    expect(slides.isRead()).toBe(false);
  });

  it('keeps the arrow on the last slide, where it ends the slides', () => {
    const slides = start(WALLET_SLIDES_INPUT);
    slides.forward(WALLET_SLIDE_COUNT - 1);
    expect(slides.can('slides.next')).toBe(true);
    slides.send({ type: 'slides.next' });
    expect(slides.snapshot().value).toBe('read');
    expect(slides.isRead()).toBe(true);
    // The last slide stays the one reported.
    expect(slides.index()).toBe(WALLET_SLIDE_COUNT - 1);
  });

  it('ends on a swipe up from any slide', () => {
    for (let at = 0; at < WALLET_SLIDE_COUNT; at++) {
      const slides = start(WALLET_SLIDES_INPUT);
      slides.forward(at);
      expect(slides.can('slides.finish')).toBe(true);
      slides.send({ type: 'slides.finish' });
      expect(slides.isRead()).toBe(true);
    }
  });

  it('takes no more events once read', () => {
    const slides = start(WALLET_SLIDES_INPUT);
    slides.send({ type: 'slides.finish' });
    for (const type of ['slides.next', 'slides.previous', 'slides.finish'] as const) {
      expect(slides.can(type)).toBe(false);
    }
  });
});
