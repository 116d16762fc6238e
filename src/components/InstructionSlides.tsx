import type { ReactNode } from 'react';
import { BoldGlyph } from './Icon';
import { Swipeable } from './Swipeable';
import './InstructionSlides.css';

/** The drawings a slide can open with (SlideIconView below); 'button' is a small black button. */
export type SlideIcon =
  'gift' | 'lock' | 'anonymous' | 'question' | 'button' | 'repeat' | 'ticket' | 'wallet' | 'equal';

export type InstructionSlide = {
  title: string;
  body: string;
  /** An illustration above the text (optional). */
  image?: { src: string; alt: string };
  /** A drawing above the text, when there is no illustration (optional, decorative). */
  icon?: SlideIcon;
};

/** Each drawing's strokes, on a 24-unit square, in the text's colour. */
const ICON_PATHS: Record<Exclude<SlideIcon, 'button'>, string> = {
  gift: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7C10.5 4 7 3.5 7 5.5S10 7 12 7c2 0 5 .5 5-1.5S13.5 4 12 7',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3M12 14.5v2',
  anonymous:
    'M2.5 12S6 6 12 6s9.5 6 9.5 6-3.5 6-9.5 6-9.5-6-9.5-6zM12 9.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM4 4l16 16',
  question:
    'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM9.6 9.6a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.4v.7M12 17v.01',
  repeat: 'M19.5 12A7.5 7.5 0 0 1 6.2 16.8M4.5 12A7.5 7.5 0 0 1 17.8 7.2M18 3.5v4h-4M6 20.5v-4h4',
  ticket: 'M3.5 6.5h17v3.5a2 2 0 0 0 0 4v3.5h-17V14a2 2 0 0 0 0-4zM15 6.5v2M15 11v2M15 15.5v2',
  wallet: 'M4 7h15v12H4zM4 7l11-3v3M14.5 12.5h4.5v3h-4.5z',
  equal: 'M5 9.5h14M5 14.5h14',
};

/** A slide's drawing: a round badge, or for 'button' a small black button. */
function SlideIconView({ icon }: { icon: SlideIcon }) {
  if (icon === 'button') return <span className="instruction-slides__hero" aria-hidden="true" />;
  return (
    <span className="instruction-slides__icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="40" height="40">
        <path
          d={ICON_PATHS[icon]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}

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
            {!slide.image && slide.icon && <SlideIconView icon={slide.icon} />}
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
            <BoldGlyph d="M5 12h13M13 6l6 6-6 6" size={28} />
          </button>
        )}
      </nav>
    </section>
  );
}
