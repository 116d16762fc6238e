// The drawer's account questions (machines/winnings/account-actions.machine.ts): 'Are you sure
// you want to logout?', then perhaps 'Delete Account' once more. While the account actions ask,
// their buttons answer them (Escape as Cancel does); once answered, the drawer shows the same
// question, every button off and Escape doing nothing, while the session logs the player out or
// deletes the account. The question stays one dialog from asked to answered: it does not close
// and open again under the player's finger.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  DELETE_ACCOUNT_WARNING,
  type AccountActionsEvent,
} from '../../../machines/winnings/account-actions.machine';
import type { WinningsDrawerMachine } from '../../../machines/winnings/winnings-drawer.machine';
import {
  selectAccountActions,
  selectAccountQuestion,
  selectModal,
} from '../../../machines/winnings/winnings.selectors';
import { WinningsDialog } from './WinningsDialog';

type DrawerActor = ActorRefFrom<WinningsDrawerMachine>;

/** What a question's buttons send; none while the session carries out the answer. */
type Answer = ((event: AccountActionsEvent) => void) | null;

function LogoutQuestion({ answer }: { answer: Answer }) {
  const cancel = answer && (() => answer({ type: 'account.dismissLogout' }));
  return (
    <WinningsDialog label="Logout" onCancel={cancel ?? undefined}>
      <h2 className="winnings__dialog-title">Are you sure you want to logout?</h2>
      <div className="winnings__actions">
        <button
          type="button"
          className="primary-button"
          disabled={answer === null}
          onClick={() => answer?.({ type: 'account.logout' })}
        >
          Logout
        </button>
        <button
          type="button"
          className="secondary-button winnings__danger"
          disabled={answer === null}
          onClick={() => answer?.({ type: 'account.deleteAccount' })}
        >
          Delete Account
        </button>
        <button
          type="button"
          className="secondary-button"
          disabled={answer === null}
          onClick={() => cancel?.()}
        >
          Cancel
        </button>
      </div>
    </WinningsDialog>
  );
}

/** 'Delete Account' asks once more; the request runs once, however often the button is tapped. */
function DeletionQuestion({ answer }: { answer: Answer }) {
  const deleting = answer === null;
  const cancel = answer && (() => answer({ type: 'account.dismissDeletion' }));
  return (
    <WinningsDialog label="Delete Account" onCancel={cancel ?? undefined}>
      <h2 className="winnings__dialog-title">Delete Account</h2>
      <p className="winnings__hint">{DELETE_ACCOUNT_WARNING}</p>
      <div className="winnings__actions">
        <button
          type="button"
          className="primary-button winnings__destroy"
          disabled={deleting}
          aria-busy={deleting}
          onClick={() => answer?.({ type: 'account.confirmDeletion' })}
        >
          {deleting ? 'Deleting your account…' : 'Delete my account'}
        </button>
        <button
          type="button"
          className="secondary-button"
          disabled={deleting}
          onClick={() => cancel?.()}
        >
          Cancel
        </button>
      </div>
    </WinningsDialog>
  );
}

/** What 'Reset demo' erases, said before the player confirms it (DEMO_MODE). */
export const DEMO_RESET_WARNING =
  'This erases every player of this demo, your account too, with every entry, answer, reward, ' +
  'message and draw. The questions and offers stay, and a new starter invite code is made.';

/**
 * 'Reset demo' (DEMO_MODE) asks once more, as Delete Account does; the session runs the reset
 * once, however often the button is tapped, and signs the player out when it is done.
 */
export function DemoResetQuestion({
  resetting,
  onConfirm,
  onCancel,
}: {
  resetting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <WinningsDialog label="Reset demo" onCancel={resetting ? undefined : onCancel}>
      <h2 className="winnings__dialog-title">Reset demo</h2>
      <p className="winnings__hint">{DEMO_RESET_WARNING}</p>
      <div className="winnings__actions">
        <button
          type="button"
          className="primary-button winnings__destroy"
          disabled={resetting}
          aria-busy={resetting}
          onClick={onConfirm}
        >
          {resetting ? 'Resetting the demo…' : 'Reset demo'}
        </button>
        <button type="button" className="secondary-button" disabled={resetting} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </WinningsDialog>
  );
}

/**
 * The account's question, if one is up: the one the account actions ask now, its buttons
 * answering it; or, once answered, the same question while the session logs the player out or
 * deletes the account.
 */
export function AccountQuestion({ drawer }: { drawer: DrawerActor }) {
  const modal = useSelector(drawer, selectModal);
  const asking = useSelector(drawer, selectAccountActions);
  const question = useSelector(asking, (snapshot) =>
    snapshot ? selectAccountQuestion(snapshot) : null,
  );
  if (asking && question) {
    const answer = (event: AccountActionsEvent) => asking.send(event);
    return question === 'logout' ? (
      <LogoutQuestion answer={answer} />
    ) : (
      <DeletionQuestion answer={answer} />
    );
  }
  if (modal === 'loggingOut') return <LogoutQuestion answer={null} />;
  if (modal === 'deletingAccount') return <DeletionQuestion answer={null} />;
  return null;
}
