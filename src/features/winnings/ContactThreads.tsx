// The operator's answers to the player's Contact Us messages: listed under Contact Us ('New'
// while unread), and a conversation opened over the drawer.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ContactThread } from '../../../contract/contact';
import type { WinningsDrawerMachine } from '../../../machines/winnings/winnings-drawer.machine';
import { isNewThread, selectThreads } from '../../../machines/winnings/winnings.selectors';
import { ChevronIcon } from './icons';
import { WinningsDialog } from './WinningsDialog';

type DrawerActor = ActorRefFrom<WinningsDrawerMachine>;

/** Under Contact Us: the player's messages the operator answered, 'New' while unread. */
export function Threads({ actor }: { actor: DrawerActor }) {
  const threads = useSelector(actor, selectThreads);
  if (threads.length === 0) return null;
  return (
    <ul className="winnings__threads" aria-label="Answers to your messages">
      {threads.map((thread) => (
        <li key={thread.id}>
          <button
            type="button"
            className="winnings__row winnings__thread"
            onClick={() => actor.send({ type: 'drawer.openThread', id: thread.id })}
          >
            <span className="winnings__thread-subject">{thread.subject}</span>
            {isNewThread(thread) && <span className="winnings__new">New</span>}
            <ChevronIcon />
          </button>
        </li>
      ))}
    </ul>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A conversation: the player's message and the answers, as plain text with its line breaks. */
export function ThreadModal({ actor, thread }: { actor: DrawerActor; thread: ContactThread }) {
  const close = () => actor.send({ type: 'drawer.closeThread' });
  return (
    <WinningsDialog label={thread.subject} onCancel={close} variant="sheet">
      <h2 className="winnings__dialog-title">{thread.subject}</h2>
      <div className="winnings__conversation">
        <div className="winnings__said-block winnings__said-block--mine">
          <p className="winnings__said">You wrote · {when(thread.created_at)}</p>
          <p className="winnings__text">{thread.message}</p>
        </div>
        {thread.replies.map((reply) => (
          <div key={reply.id} className="winnings__said-block winnings__reply">
            <p className="winnings__said">BLACK BUTTON answered · {when(reply.created_at)}</p>
            <p className="winnings__text">{reply.text}</p>
          </div>
        ))}
      </div>
      <div className="winnings__actions">
        <button type="button" className="secondary-button" onClick={close}>
          Close
        </button>
      </div>
    </WinningsDialog>
  );
}
