import { SessionContext } from '../../lib/session-context';
import { useChildSelector, useChildSend } from '../../lib/system';
import { INVITES_PER_PLAYER } from '../../../contract/api';
import { selectPlayersFeature } from '../../../machines/session/session.selectors';
import './players.css';

/** /players: the feature may be switched off by the operator. */
export function PlayersPage() {
  const active = SessionContext.useSelector(selectPlayersFeature);
  if (!active) {
    return (
      <main className="screen players">
        <p className="players__soon">The Players Feature Will Be Active Soon.</p>
      </main>
    );
  }
  return <PlayersScreen />;
}

function maskPhone(phone: string): string {
  return `••• ${phone.slice(-4)}`;
}

/** The session's players child, which the route sync told that /players is open. */
function PlayersScreen() {
  const send = useChildSend('players');
  const invites = useChildSelector('players', (s) => s.context.invites);
  const busy = useChildSelector('players', (s) => !s.matches({ shown: 'ready' }));
  const openSlots = Math.max(0, INVITES_PER_PLAYER - invites.length);
  return (
    <main className="screen players">
      <h1 className="players__intro">
        You have 5 invitations <span>To pick your own players</span>
      </h1>
      <button
        type="button"
        className="primary-button"
        disabled={busy}
        onClick={() => send({ type: 'players.inviteFriends' })}
      >
        Invite friends
      </button>
      <section className="players__list" aria-labelledby="your-players">
        <h2 id="your-players">Your Players</h2>
        <ul>
          {invites.map((invite) => (
            <li key={invite.id} className="players__row">
              <span className="players__code">{invite.attributes.code}</span>
              {invite.attributes.claimed ? (
                <span className="players__joined">
                  {invite.attributes.invited_user
                    ? maskPhone(invite.attributes.invited_user.phone_number)
                    : 'Joined'}
                </span>
              ) : (
                <button
                  type="button"
                  className="secondary-button"
                  disabled={busy}
                  onClick={() => send({ type: 'players.invite', code: invite.attributes.code })}
                >
                  Invite
                </button>
              )}
            </li>
          ))}
          {Array.from({ length: openSlots }, (_, index) => (
            <li key={`open-${index}`} className="players__row players__row--open">
              <span className="players__code">Open invitation</span>
              <button
                type="button"
                className="secondary-button"
                disabled={busy}
                onClick={() => send({ type: 'players.inviteFriends' })}
              >
                Invite
              </button>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
