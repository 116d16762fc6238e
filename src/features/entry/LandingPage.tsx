import { selectLandingScreen } from '../../../machines/entry-flow/entry-flow.selectors';
import { Disclaimer } from './Disclaimer';
import { useEntryFlowSelector } from './entry-flow-actor';
import { StartingSlides } from './StartingSlides';
import { TicketReceived } from './TicketReceived';
import { TicketReveal } from './TicketReveal';
import './entry.css';

/** "/": the starting page when an invite link brought the visitor (?code=), else the disclaimer. */
export function LandingPage(): React.JSX.Element {
  const screen = useEntryFlowSelector(selectLandingScreen);
  switch (screen) {
    case 'slides':
      return <StartingSlides />;
    case 'revealingTicket':
      return <TicketReveal />;
    case 'ticketReceived':
      return <TicketReceived />;
    case 'disclaimer':
      return <Disclaimer />;
    case null:
      return <main className="screen entry" aria-busy="true" />;
  }
}
