import { Link } from 'wouter';
import { INVITES_PER_PLAYER } from '../../../contract/api';
import { PATHS } from '../../../machines/shared/paths';
import { PeopleIcon } from './icons';
import './players.css';

/**
 * /players-tutorial (spec sections 1, 2 and 9): what players are and how the bonus works;
 * reachable from /players, also while the feature is off.
 */
export function PlayersTutorialPage() {
  return (
    <main className="screen players">
      <span className="players__badge">
        <PeopleIcon />
      </span>
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
      {/* The players machine hears the address open and shows /players. */}
      <Link href={PATHS.players} className="primary-button">
        Go to Players
      </Link>
    </main>
  );
}
