import { Link } from 'wouter';
import { SessionContext } from '../../lib/session-context';
import { useChildSelector, useChildSend } from '../../lib/system';
import { INVITES_PER_PLAYER, type Invite } from '../../../contract/api';
import { formatPrize, selectPlayersFeature } from '../../../machines/session/session.selectors';
import { inviteLink, PLAYERS_TUTORIAL_PATH } from '../../../machines/players/players.machine';
import { CheckIcon, PeopleIcon, SendIcon } from './icons';
import './players.css';

/** /players: the feature may be switched off by the operator; the tutorial is there either way. */
export function PlayersPage() {
  const active = SessionContext.useSelector(selectPlayersFeature);
  if (!active) {
    return (
      <main className="screen players players--soon">
        <span className="players__badge">
          <PeopleIcon />
        </span>
        <h1 className="players__soon">The Players Feature Will Be Active Soon.</h1>
        <TutorialLink />
      </main>
    );
  }
  return <PlayersScreen />;
}

/** To /players-tutorial: the players machine hears the address open and shows the tutorial. */
function TutorialLink() {
  return (
    <Link href={PLAYERS_TUTORIAL_PATH} className="players__tutorial-link">
      How players work
    </Link>
  );
}

function maskPhone(phone: string): string {
  return `••• ${phone.slice(-4)}`;
}

/** 'You have 3 invitations': what is left of the five. */
export function invitationsLeft(left: number): string {
  return `You have ${left} ${left === 1 ? 'invitation' : 'invitations'}`;
}

/** A code made: who joined with it (and the bonus their wins earned), or still open. */
function InviteRow({
  invite,
  busy,
  onInvite,
}: {
  invite: Invite;
  busy: boolean;
  onInvite: () => void;
}) {
  const { code, claimed, invited_user: joined, bonus_amount: bonus = 0 } = invite.attributes;
  return (
    <li className="players__row">
      <span className="players__code">{code}</span>
      {claimed ? (
        <span className="players__joined">
          <span className="players__state players__state--joined">
            <CheckIcon />
            {joined ? `Joined ${maskPhone(joined.phone_number)}` : 'Joined'}
          </span>
          {bonus > 0 && <span className="players__bonus">Bonus {formatPrize(bonus)}</span>}
        </span>
      ) : (
        <span className="players__open">
          <span className="players__state">Open</span>
          <button type="button" className="secondary-button" disabled={busy} onClick={onInvite}>
            Invite
          </button>
        </span>
      )}
    </li>
  );
}

/** Without a share sheet: the link to send, 'Copy link', and a note when copying is refused. */
function LinkToCopy({ code }: { code: string }) {
  const send = useChildSend('players');
  const busy = useChildSelector('players', (s) => !s.matches({ shown: 'ready' }));
  const refused = useChildSelector('players', (s) => s.context.copyRefused);
  const link = inviteLink(window.location.origin, code);
  return (
    <section className="players__link" aria-label="Invite link">
      <label className="players__link-label" htmlFor="players-invite-link">
        Send this link to a friend
      </label>
      <input
        id="players-invite-link"
        className="players__link-field"
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button
        type="button"
        className="primary-button"
        disabled={busy}
        onClick={() => send({ type: 'players.copyLink' })}
      >
        Copy link
      </button>
      {refused && (
        <p className="players__link-note" role="status">
          This browser does not let the app copy: select the link above and copy it.
        </p>
      )}
    </section>
  );
}

/** The session's players child, which the route sync told that /players is open. */
function PlayersScreen() {
  const send = useChildSend('players');
  const invites = useChildSelector('players', (s) => s.context.invites);
  const linkCode = useChildSelector('players', (s) => s.context.linkCode);
  const busy = useChildSelector('players', (s) => !s.matches({ shown: 'ready' }));
  const openSlots = Math.max(0, INVITES_PER_PLAYER - invites.length);
  return (
    <main className="screen players">
      <span className="players__badge">
        <PeopleIcon />
      </span>
      <h1 className="players__intro">
        {invitationsLeft(openSlots)} <span>To pick your own players</span>
      </h1>
      <button
        type="button"
        className="primary-button"
        disabled={busy}
        onClick={() => send({ type: 'players.inviteFriends' })}
      >
        <SendIcon />
        Invite friends
      </button>
      {linkCode !== null && <LinkToCopy code={linkCode} />}
      <section className="players__list" aria-labelledby="your-players">
        <h2 id="your-players">Your Players</h2>
        <ul>
          {invites.map((invite) => (
            <InviteRow
              key={invite.id}
              invite={invite}
              busy={busy}
              onInvite={() => send({ type: 'players.invite', code: invite.attributes.code })}
            />
          ))}
          {Array.from({ length: openSlots }, (_, index) => (
            <li key={`open-${index}`} className="players__row players__row--open">
              <span className="players__slot">Open invitation</span>
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
      <TutorialLink />
    </main>
  );
}
