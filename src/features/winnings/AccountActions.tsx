// The drawer's account questions (machines/winnings/account-actions.machine.ts): 'Are you sure
// you want to logout?', then perhaps 'Delete Account' once more. While the account actions ask,
// their buttons answer them; once answered, the drawer shows the same question, every button
// off, while the session logs the player out or deletes the account.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  DELETE_ACCOUNT_WARNING,
  type AccountActionsEvent,
  type AccountActionsMachine,
} from '../../../machines/winnings/account-actions.machine';
import { selectAccountQuestion } from '../../../machines/winnings/winnings.selectors';

type AccountActionsActor = ActorRefFrom<AccountActionsMachine>;

/** What a question's buttons send; none while the session carries out the answer. */
type Answer = ((event: AccountActionsEvent) => void) | null;

function LogoutQuestion({ answer }: { answer: Answer }) {
  return (
    <div className="winnings__modal" role="dialog" aria-modal="true" aria-label="Logout">
      <p className="winnings__modal-title">Are you sure you want to logout?</p>
      <div className="winnings__actions winnings__actions--stacked">
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
          onClick={() => answer?.({ type: 'account.dismissLogout' })}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}

/** 'Delete Account' asks once more; the request runs once, however often the button is tapped. */
function DeletionQuestion({ answer }: { answer: Answer }) {
  const deleting = answer === null;
  return (
    <div className="winnings__modal" role="dialog" aria-modal="true" aria-label="Delete Account">
      <p className="winnings__modal-title">Delete Account</p>
      <p className="winnings__hint">{DELETE_ACCOUNT_WARNING}</p>
      <div className="winnings__actions winnings__actions--stacked">
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
          onClick={() => answer?.({ type: 'account.dismissDeletion' })}
        >
          Cancel
        </button>
      </div>
    </div>
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
    <div className="winnings__modal" role="dialog" aria-modal="true" aria-label="Reset demo">
      <p className="winnings__modal-title">Reset demo</p>
      <p className="winnings__hint">{DEMO_RESET_WARNING}</p>
      <div className="winnings__actions winnings__actions--stacked">
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
    </div>
  );
}

/** The question the account actions ask now, its buttons answering it. */
export function AccountActionsView({ actor }: { actor: AccountActionsActor }) {
  const question = useSelector(actor, selectAccountQuestion);
  const answer = (event: AccountActionsEvent) => actor.send(event);
  return question === 'logout' ? (
    <LogoutQuestion answer={answer} />
  ) : (
    <DeletionQuestion answer={answer} />
  );
}

/** The question answered, while the session logs the player out or deletes the account. */
export function AccountAnswered({ answer }: { answer: 'loggingOut' | 'deletingAccount' }) {
  return answer === 'loggingOut' ? (
    <LogoutQuestion answer={null} />
  ) : (
    <DeletionQuestion answer={null} />
  );
}
