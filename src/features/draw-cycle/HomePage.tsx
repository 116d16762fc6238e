import { Link } from 'wouter';
import { BlackButton } from '../../components/BlackButton';
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
  selectTimeLeft,
} from '../../../machines/draw-cycle/draw-cycle.selectors';
import { useDrawCycleSelector, useDrawCycleSend } from '../../lib/draw-status';
import './home.css';

function Countdown({ amount }: { amount: string | null }) {
  const timeLeft = useDrawCycleSelector(selectTimeLeft);
  return (
    <section className="home__entered">
      <p className="home__entered-title">
        {amount === null ? "You're Entered To Win." : `You're Entered To Win ${amount}.`}
      </p>
      <p className="home__next">Enter The Next Drawing In:</p>
      <p className="home__countdown" role="timer" aria-label="Time until the next drawing">
        {formatCountdown(timeLeft)}
      </p>
    </section>
  );
}

export function HomePage() {
  const prizeAmount = SessionContext.useSelector(selectPrizeAmount);
  const isFirstTimeUser = SessionContext.useSelector(selectIsFirstTimeUser);
  const canEnterDraw = useDrawCycleSelector(selectCanEnterDraw);
  const canPress = useDrawCycleSelector(selectCanPress);
  const send = useDrawCycleSend();
  const amount = prizeAmount === null ? null : formatPrize(prizeAmount);
  return (
    <main className="screen home">
      {/* The tickets the welcome promised wait in the wallet ("~": /home is a nested route). */}
      <Link href="~/wallet" className="home__wallet">
        <span aria-hidden="true" className="home__wallet-icon" />
        Wallet
      </Link>
      {isFirstTimeUser && <h1 className="home__welcome">Welcome to BLACK BUTTON</h1>}
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
