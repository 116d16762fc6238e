import { EnteredMark } from '../../components/EnteredMark';
import './youve-entered.css';

/**
 * 'You're Entered To Win': the draw shows this screen after a press (or when its address is
 * opened) and moves on from it by itself once the rewards are checked.
 */
export function YouveEnteredPage() {
  return (
    <main className="screen youve-entered">
      <EnteredMark className="youve-entered__mark" size={40} />
      <h1 className="youve-entered__title">You&apos;re Entered To Win</h1>
    </main>
  );
}
