// The players screens' few pictures (src/components/Icon.tsx), at the players screens' size.
import * as shared from '../../components/Icon';

const CLASS = 'players-icon';

/** The friends a player picks. */
export const PeopleIcon = () => <shared.PeopleIcon className={CLASS} />;

/** Sending an invitation. */
export function SendIcon() {
  return (
    <shared.Icon className={CLASS}>
      <path d="M4 12 20 4l-6 16-3-7-7-1Z" />
    </shared.Icon>
  );
}

/** A friend who joined. */
export const CheckIcon = () => <shared.CheckIcon className={CLASS} />;
