import type { ReactNode } from 'react';
import { Swipeable } from './Swipeable';
import './InstructionSlides.css';

export type InstructionSlide = {
  title: string;
  body: string;
  /** An illustration above the text (optional). */
  image?: { src: string; alt: string };
};

/** Swipe thresholds of spec sections 5 and 9. */
export const SWIPE_THRESHOLDS = { touch: 50, mouse: 100, vertical: 100 } as const;

export type InstructionSlidesProps = {
  slides: readonly InstructionSlide[];
  index: number;
  /** The forward arrow; also a swipe to the left. */
  onNext: () => void;
  /** A swipe to the right. */
  onPrevious?: () => void;
  /** An upward swipe over 100 px (the wallet page leaves its instructions this way). */
  onSwipeUp?: () => void;
  onSkip?: () => void;
  showArrow: boolean;
  showSkip?: boolean;
  /** Shown under the current slide's text (the starting page's ENTER). */
  action?: ReactNode;
  label?: string;
};

type DragDirection = 'next' | 'previous' | 'up' | null;

/** Which way a finished drag went, if far enough for its pointer (touch 50 px, mouse 100 px). */
export function dragDirection(dx: number, dy: number, pointerType: string): DragDirection {
  const horizontal = pointerType === 'mouse' ? SWIPE_THRESHOLDS.mouse : SWIPE_THRESHOLDS.touch;
  if (Math.abs(dx) >= Math.abs(dy)) {
    if (dx < -horizontal) return 'next';
    if (dx > horizontal) return 'previous';
    return null;
  }
  return dy < -SWIPE_THRESHOLDS.vertical ? 'up' : null;
}

/** Swipeable instruction slides with a forward arrow and an optional Skip link. */
export function InstructionSlides({
  slides,
  index,
  onNext,
  onPrevious,
  onSwipeUp,
  onSkip,
  showArrow,
  showSkip = false,
  action,
  label = 'Instructions',
}: InstructionSlidesProps) {
  const release = (dx: number, dy: number, pointerType: string) => {
    const direction = dragDirection(dx, dy, pointerType);
    if (direction === 'next') onNext();
    else if (direction === 'previous') onPrevious?.();
    else if (direction === 'up') onSwipeUp?.();
  };
  const slide = slides[index];

  return (
    <section className="instruction-slides" aria-roledescription="carousel" aria-label={label}>
      <Swipeable
        className={
          onSwipeUp
            ? 'instruction-slides__track instruction-slides__track--swipe-up'
            : 'instruction-slides__track'
        }
        testId="instruction-slides-track"
        onRelease={release}
      >
        {slide && (
          <article
            className="instruction-slides__slide"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
          >
            {slide.image && (
              <img
                className="instruction-slides__image"
                src={slide.image.src}
                alt={slide.image.alt}
                draggable={false}
              />
            )}
            <h1 className="instruction-slides__title">{slide.title}</h1>
            <p className="instruction-slides__body">{slide.body}</p>
            {action}
          </article>
        )}
      </Swipeable>
      <div className="instruction-slides__dots" aria-hidden="true">
        {slides.map((s, i) => (
          <span
            key={s.title}
            className={
              i === index
                ? 'instruction-slides__dot instruction-slides__dot--current'
                : 'instruction-slides__dot'
            }
          />
        ))}
      </div>
      <nav className="instruction-slides__controls">
        {showSkip && onSkip ? (
          <button type="button" className="link-button" onClick={onSkip}>
            Skip
          </button>
        ) : (
          <span />
        )}
        {showArrow && (
          <button
            type="button"
            className="instruction-slides__arrow"
            onClick={onNext}
            aria-label="Next"
          >
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d="M5 12h13M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
        )}
      </nav>
    </section>
  );
}
