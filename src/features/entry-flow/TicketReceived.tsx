import { SWIPE_THRESHOLDS } from '../../components/InstructionSlides';
import { Swipeable } from '../../components/Swipeable';
import { selectCanLeaveTicketReceived } from '../../../machines/entry-flow/entry-flow.selectors';
import { useSelector } from '@xstate/react';
import type { EntryStep } from './entry-flow-actor';

/** One entry ticket received and kept in the wallet; on to /onboarding. */
export function TicketReceived({ page }: { page: EntryStep<'startingPage'> }) {
  const canLeave = useSelector(page, selectCanLeaveTicketReceived);
  const send = page.send;
  // A left swipe or mouse drag of more than 100 px (spec section 2).
  const release = (dx: number) => {
    if (dx < -SWIPE_THRESHOLDS.mouse) send({ type: 'ticketReceived.forward' });
  };
  return (
    <main className="screen entry entry--received">
      <Swipeable
        className="entry__swipe-area"
        testId="ticket-received"
        axis="x"
        leftOnly
        onRelease={release}
      >
        <img
          className="entry__ticket-small"
          src="/images/lottery-ticket.svg"
          alt=""
          aria-hidden="true"
          draggable={false}
        />
        <h1 className="entry__title">You just received one entry ticket</h1>
        <p className="entry__lead">
          You also just received one entry ticket for the daily lottery. Your tickets are stored in
          your wallet, where you can enter as many as you want at any time for more chances to win.
        </p>
      </Swipeable>
      <nav className="entry__controls">
        <button
          type="button"
          className="link-button"
          disabled={!canLeave}
          onClick={() => send({ type: 'ticketReceived.skip' })}
        >
          Skip
        </button>
        <button
          type="button"
          className="entry__arrow"
          aria-label="Continue"
          disabled={!canLeave}
          onClick={() => send({ type: 'ticketReceived.forward' })}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M5 12h13M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </button>
      </nav>
    </main>
  );
}
