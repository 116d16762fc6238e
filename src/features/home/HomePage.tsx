import { BlackButton } from '../../components/BlackButton';
import { SessionContext } from '../../app/session-context';
import {
  formatPrize,
  selectIsFirstTimeUser,
  selectPrizeAmount,
} from '../../../machines/session/session.selectors';
import { useDrawStatus } from './draw-status';
import './home.css';

export function HomePage() {
  const prizeAmount = SessionContext.useSelector(selectPrizeAmount);
  const isFirstTimeUser = SessionContext.useSelector(selectIsFirstTimeUser);
  const { enterDraw } = useDrawStatus();
  return (
    <main className="screen home">
      {isFirstTimeUser && <h1 className="home__welcome">Welcome to BLACK BUTTON</h1>}
      <BlackButton
        label="Enter To Win"
        amount={prizeAmount === null ? null : formatPrize(prizeAmount)}
        onPress={enterDraw}
      />
    </main>
  );
}
