import {
  selectCanAddTicket,
  selectCanEnter,
  selectCanEnterAll,
  selectCanRemoveTicket,
  selectCanRetry,
  selectCount,
  selectEntriesInCurrentDraw,
  selectIsEnterAllShown,
  selectIsEntering,
  selectTickets,
  selectTicketsScreen,
} from '../../../machines/wallet/wallet.selectors';
import type { SnapshotFrom } from 'xstate';
import type { WalletMachine } from '../../../machines/wallet/wallet.machine';
import { useChildSelector, useChildSend } from '../../lib/system';

const useWalletSelector = <T,>(selector: (snapshot: SnapshotFrom<WalletMachine>) => T): T =>
  useChildSelector('wallet', selector);
const useWalletSend = () => useChildSend('wallet');
import './wallet.css';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** /wallet-token: the tickets held, entered into today's draw as the player chooses. */
export function WalletTokenPage() {
  const screen = useWalletSelector(selectTicketsScreen);
  return (
    <main className="screen wallet" aria-busy={screen === 'loading'}>
      <h1 className="wallet__title">Your Wallet</h1>
      <p className="wallet__why">Every ticket is one more equal chance in today&apos;s draw.</p>
      {screen === 'loading' && <p className="wallet__status">Loading your tickets…</p>}
      {screen === 'loadFailed' && <LoadFailed />}
      {screen === 'empty' && (
        <>
          <p className="wallet__status">
            No tickets yet. Answer questions in Tell Us More to earn more.
          </p>
          <EntriesInDraw />
        </>
      )}
      {screen === 'holding' && <Holding />}
    </main>
  );
}

function LoadFailed() {
  const send = useWalletSend();
  const canRetry = useWalletSelector(selectCanRetry);
  return (
    <>
      <p className="wallet__status">Your wallet could not be loaded.</p>
      <button
        type="button"
        className="secondary-button"
        disabled={!canRetry}
        onClick={() => send({ type: 'tickets.retry' })}
      >
        Try again
      </button>
    </>
  );
}

function EntriesInDraw() {
  const entries = useWalletSelector(selectEntriesInCurrentDraw);
  return (
    <p className="wallet__entries">
      You have {plural(entries, 'entry', 'entries')} in today&apos;s draw.
    </p>
  );
}

function Holding() {
  const send = useWalletSend();
  const tickets = useWalletSelector(selectTickets);
  const count = useWalletSelector(selectCount);
  const canAdd = useWalletSelector(selectCanAddTicket);
  const canRemove = useWalletSelector(selectCanRemoveTicket);
  const canEnter = useWalletSelector(selectCanEnter);
  const canEnterAll = useWalletSelector(selectCanEnterAll);
  const isEnterAllShown = useWalletSelector(selectIsEnterAllShown);
  const isEntering = useWalletSelector(selectIsEntering);
  return (
    <>
      <p className="wallet__held" aria-label={`You hold ${plural(tickets, 'ticket', 'tickets')}`}>
        <strong>{tickets.toLocaleString('en-US')}</strong>
        <span>{tickets === 1 ? 'ticket' : 'tickets'}</span>
      </p>
      <EntriesInDraw />
      <div className="wallet__stepper" role="group" aria-label="Choose how many tickets to enter">
        <button
          type="button"
          className="wallet__step"
          aria-label="One ticket fewer"
          disabled={!canRemove}
          onClick={() => send({ type: 'tickets.decrement' })}
        >
          −
        </button>
        <output className="wallet__count" aria-live="polite" aria-label="Tickets to enter">
          {count}
        </output>
        <button
          type="button"
          className="wallet__step"
          aria-label="One ticket more"
          disabled={!canAdd}
          onClick={() => send({ type: 'tickets.increment' })}
        >
          +
        </button>
      </div>
      <button
        type="button"
        className="primary-button wallet__enter"
        disabled={!canEnter}
        aria-busy={isEntering}
        onClick={() => send({ type: 'tickets.enter' })}
      >
        Enter {plural(count, 'ticket', 'tickets')}
      </button>
      {isEnterAllShown && (
        <button
          type="button"
          className="secondary-button wallet__enter-all"
          disabled={!canEnterAll}
          onClick={() => send({ type: 'tickets.enterAll' })}
        >
          Enter all
        </button>
      )}
    </>
  );
}
