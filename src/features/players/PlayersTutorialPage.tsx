import { Link } from 'wouter';
import './players.css';

export function PlayersTutorialPage() {
  return (
    <main className="screen players">
      <h1 className="players__intro">Pick your own players</h1>
      <ol className="players__tutorial">
        <li>You have 5 invitations to share with friends.</li>
        <li>Each invitation is a link your friend opens to join BLACK BUTTON.</li>
        <li>When a player you invited wins, you get a bonus: a $500 win gives you $100.</li>
      </ol>
      <Link href="/players" className="primary-button">
        Go to Players
      </Link>
    </main>
  );
}
