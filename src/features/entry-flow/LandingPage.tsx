import { useSelector } from '@xstate/react';
import { ScreenSkeleton } from '../../components/LoadingScreen';
import {
  selectLandingScreen,
  selectStartingScreen,
} from '../../../machines/entry-flow/entry-flow.selectors';
import { Disclaimer } from './Disclaimer';
import { Step, useEntryFlowSelector, type EntryStep } from './entry-flow-actor';
import { StartingSlides } from './StartingSlides';
import { TicketReceived } from './TicketReceived';
import { TicketReveal } from './TicketReveal';
import './entry.css';

const busy = (
  <main className="screen entry" aria-busy="true">
    <ScreenSkeleton />
  </main>
);

/** The starting page's screens in turn: the slides, the ticket, the ticket received. */
function StartingPage({ page }: { page: EntryStep<'startingPage'> }): React.JSX.Element {
  const screen = useSelector(page, selectStartingScreen);
  const slides = useSelector(page, (snapshot) => snapshot.children.slides);
  if (screen === 'slides' && slides) return <StartingSlides slides={slides} />;
  if (screen === 'revealingTicket') return <TicketReveal page={page} />;
  if (screen === 'ticketReceived') return <TicketReceived page={page} />;
  return busy;
}

/** "/": the starting page when an invite link brought the visitor (?code=), else the disclaimer. */
export function LandingPage(): React.JSX.Element {
  const screen = useEntryFlowSelector(selectLandingScreen);
  if (screen === 'startingPage')
    return <Step id="startingPage" view={(page) => <StartingPage page={page} />} />;
  if (screen === 'disclaimer')
    return <Step id="terms" view={(terms) => <Disclaimer terms={terms} />} />;
  return busy;
}
