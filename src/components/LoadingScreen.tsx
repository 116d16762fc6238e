import { useId } from 'react';
import './loading.css';

/**
 * The shapes of what is coming: a page (a heading, a few lines, a card and its button) or the
 * home screen (the black button).
 */
export type LoadingShape = 'page' | 'home';

/** Grey blocks in the shape of a screen, for sighted players only (the screen says it is busy). */
export function ScreenSkeleton({ shape = 'page' }: { shape?: LoadingShape }) {
  if (shape === 'home')
    return (
      <div className="loading loading--home" aria-hidden="true">
        <span className="skeleton loading__hero" />
        <span className="skeleton loading__line loading__line--short" />
      </div>
    );
  return (
    <div className="loading" aria-hidden="true">
      <span className="skeleton loading__title" />
      <span className="skeleton loading__line" />
      <span className="skeleton loading__line loading__line--short" />
      <span className="skeleton loading__card" />
      <span className="skeleton loading__pill" />
    </div>
  );
}

/**
 * While a screen's code or its flow's step loads: the screen's shape, and that it is busy (its
 * heading, for screen readers, names it).
 */
export function LoadingScreen({ shape = 'page' }: { shape?: LoadingShape }) {
  const heading = useId();
  return (
    <main className="screen" aria-busy="true" aria-labelledby={heading}>
      <h1 id={heading} className="unseen">
        Loading
      </h1>
      <ScreenSkeleton shape={shape} />
    </main>
  );
}
