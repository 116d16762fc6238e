import { selectIsTicketImageLoaded } from '../../../machines/entry-flow/entry-flow.selectors';
import { useSelector } from '@xstate/react';
import type { EntryStep } from './entry-flow-actor';

export const TICKET_IMAGE = '/images/lottery-ticket.svg';
export const TICKET_PLACEHOLDER = '/images/lottery-ticket-placeholder.svg';

/** ENTER's answer: the lottery ticket, blurred until its image has loaded. */
export function TicketReveal({ page }: { page: EntryStep<'startingPage'> }) {
  const loaded = useSelector(page, selectIsTicketImageLoaded);
  return (
    <main className="screen entry entry--ticket" aria-busy={!loaded}>
      <h1 className="entry__title">Your entry ticket</h1>
      <div className={loaded ? 'ticket' : 'ticket ticket--blurred'} data-testid="ticket">
        <img
          className="ticket__placeholder"
          src={TICKET_PLACEHOLDER}
          alt=""
          aria-hidden="true"
          draggable={false}
        />
        <img
          className="ticket__image"
          src={TICKET_IMAGE}
          alt="A lottery ticket for the daily drawing"
          draggable={false}
          onLoad={() => page.send({ type: 'ticket.imageLoaded' })}
        />
      </div>
    </main>
  );
}
