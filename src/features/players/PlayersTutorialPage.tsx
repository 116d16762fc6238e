import { useChildSend } from '../../lib/system';
import { INVITES_PER_PLAYER } from '../../../contract/api';
import './players.css';

/**
 * /players-tutorial (spec sections 1, 2 and 9): what players are and how the bonus works;
 * reachable from /players, also while the feature is off.
 */
export function PlayersTutorialPage() {
  const send = useChildSend('players');
  return (
    <main className="screen players">
      <h1 className="players__intro">
        Pick your own players <span>How players work</span>
      </h1>
      <ol className="players__tutorial">
        <li>
          You have {INVITES_PER_PLAYER} invitations to pick your own players: the friends you invite
          to BLACK BUTTON.
        </li>
        <li>
          An invitation is a link. Tap &lsquo;Invite friends&rsquo; to send it, or copy it where
          your browser cannot share. Each link signs up one friend.
        </li>
        <li>
          Your players enter the daily draw like you do. When a player you invited wins, you get a
          bonus: an invitee win of $500 gives you $100.
        </li>
        <li>Your bonus shows next to that player on the players screen and in your winnings.</li>
      </ol>
      <button
        type="button"
        className="primary-button"
        onClick={() => send({ type: 'players.openPlayers' })}
      >
        Go to Players
      </button>
    </main>
  );
}
