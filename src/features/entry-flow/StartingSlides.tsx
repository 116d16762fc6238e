import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { InstructionSlides } from '../../components/InstructionSlides';
import {
  selectCanEnter,
  selectCanSkipSlides,
  selectIsArrowShown,
} from '../../../machines/entry-flow/entry-flow.selectors';
import { selectSlideIndex, type SlidesMachine } from '../../../machines/shared/slides.machine';
import { STARTING_SLIDES } from './slides';

/** The starting page of an invite link: the intro slides, then Welcome with ENTER. */
export function StartingSlides({ slides }: { slides: ActorRefFrom<SlidesMachine> }) {
  const index = useSelector(slides, selectSlideIndex);
  const showArrow = useSelector(slides, selectIsArrowShown);
  const canSkip = useSelector(slides, selectCanSkipSlides);
  const canEnter = useSelector(slides, selectCanEnter);
  return (
    <main className="screen entry entry--slides">
      <InstructionSlides
        label="About BLACK BUTTON"
        slides={STARTING_SLIDES}
        index={index}
        onNext={() => slides.send({ type: 'slides.next' })}
        onPrevious={() => slides.send({ type: 'slides.previous' })}
        onSkip={() => slides.send({ type: 'slides.skip' })}
        showArrow={showArrow}
        showSkip={canSkip}
        action={
          canEnter && (
            <button
              type="button"
              className="primary-button entry__enter"
              onClick={() => slides.send({ type: 'slides.finish' })}
            >
              ENTER
            </button>
          )
        }
      />
    </main>
  );
}
