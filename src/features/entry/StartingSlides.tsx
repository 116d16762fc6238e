import { InstructionSlides } from '../../components/InstructionSlides';
import {
  selectCanEnter,
  selectCanSkipSlides,
  selectIsArrowShown,
  selectSlideIndex,
} from '../../../machines/entry-flow/entry-flow.selectors';
import { useEntryFlowSelector, useEntryFlowSend } from './entry-flow-actor';
import { STARTING_SLIDES } from './slides';

/** The starting page of an invite link: the intro slides, then Welcome with ENTER. */
export function StartingSlides() {
  const send = useEntryFlowSend();
  const index = useEntryFlowSelector(selectSlideIndex);
  const showArrow = useEntryFlowSelector(selectIsArrowShown);
  const canSkip = useEntryFlowSelector(selectCanSkipSlides);
  const canEnter = useEntryFlowSelector(selectCanEnter);
  return (
    <main className="screen entry entry--slides">
      <InstructionSlides
        label="About BLACK BUTTON"
        slides={STARTING_SLIDES}
        index={index}
        onNext={() => send({ type: 'slides.next' })}
        onPrevious={() => send({ type: 'slides.previous' })}
        onSkip={() => send({ type: 'slides.skip' })}
        showArrow={showArrow}
        showSkip={canSkip}
        action={
          canEnter && (
            <button
              type="button"
              className="primary-button entry__enter"
              onClick={() => send({ type: 'ticket.enter' })}
            >
              ENTER
            </button>
          )
        }
      />
    </main>
  );
}
