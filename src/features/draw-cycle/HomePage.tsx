import { Link } from 'wouter';
import { BlackButton } from '../../components/BlackButton';
import { EnteredMark } from '../../components/EnteredMark';
import { SessionContext } from '../../lib/session-context';
import {
  formatPrize,
  selectIsFirstTimeUser,
  selectPrizeAmount,
} from '../../../machines/session/session.selectors';
import {
  formatCountdown,
  selectCanEnterDraw,
  selectCanPress,
  selectIsShowingGrandPrize,
  selectTimeLeft,
} from '../../../machines/draw-cycle/draw-cycle.selectors';
import { useDrawCycleSelector, useDrawCycleSend } from '../../lib/draw-status';
import { countdownWords } from './countdown-words';
import { GrandPrizeClaimNotice } from './GrandPrizeClaimNotice';
import './home.css';

/** The figures, every second, for the eye; a screen reader has the words below instead. */
function CountdownFigures() {
  const timeLeft = useDrawCycleSelector(selectTimeLeft);
  return (
    <p className="home__countdown" aria-hidden="true">
      {formatCountdown(timeLeft)}
    </p>
  );
}

/** The time left in whole minutes, read out politely when the minute changes, no more often. */
function CountdownWords() {
  const words = useDrawCycleSelector((s) => countdownWords(selectTimeLeft(s)));
  return (
    <p
      className="unseen"
      role="timer"
      aria-label="Time until the next drawing"
      aria-live="polite"
      aria-atomic="true"
    >
      {words}
    </p>
  );
}

function Countdown({ amount }: { amount: string | null }) {
  return (
    <section className="home__entered">
      <EnteredMark className="home__entered-mark" size={28} />
      <h1 className="home__entered-title">
        {amount === null ? "You're Entered To Win." : `You're Entered To Win ${amount}.`}
      </h1>
      <p className="home__next">Enter The Next Drawing In:</p>
      <CountdownFigures />
      <CountdownWords />
    </section>
  );
}

/** A ticket stub, notched on both sides, in the link's own colour. */
function TicketIcon() {
  return (
    <svg
      className="home__wallet-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M3 6h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M15 6.5v2M15 11v2M15 15.5v2"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function HomePage() {
  const prizeAmount = SessionContext.useSelector(selectPrizeAmount);
  const isFirstTimeUser = SessionContext.useSelector(selectIsFirstTimeUser);
  const canEnterDraw = useDrawCycleSelector(selectCanEnterDraw);
  const canPress = useDrawCycleSelector(selectCanPress);
  const isShowingGrandPrize = useDrawCycleSelector(selectIsShowingGrandPrize);
  const send = useDrawCycleSend();
  const amount = prizeAmount === null ? null : formatPrize(prizeAmount);
  return (
    <main className="screen home">
      {/* The tickets the welcome promised wait in the wallet ("~": /home is a nested route). */}
      <Link href="~/wallet" className="home__wallet">
        <TicketIcon />
        Wallet
      </Link>
      {/* Once 'YOU WON!' has gone: the way to a prize not claimed yet. */}
      {!isShowingGrandPrize && <GrandPrizeClaimNotice />}
      {isFirstTimeUser ? (
        <h1 className="home__welcome">Welcome to BLACK BUTTON</h1>
      ) : (
        // The button names itself; the screen's heading is for those who move by headings.
        canEnterDraw && <h1 className="unseen">BLACK BUTTON</h1>
      )}
      {canEnterDraw ? (
        <BlackButton
          label="Enter To Win"
          amount={amount}
          onPress={canPress ? () => send({ type: 'draw.press' }) : null}
        />
      ) : (
        <Countdown amount={amount} />
      )}
    </main>
  );
}
