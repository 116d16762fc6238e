// /draws/{id}: a closed draw's public record and its check on this phone (DESIGN section 2): the
// commitment published when it opened, the seed revealed when it closed, the number of entries,
// the player's own entry ids and the winning entry; then 'Verified on this phone', or exactly
// what differs. The winnings flow runs the draw record machine while the page is open, which
// reads the record and the entry ids and runs the check.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import type { DrawRecordMachine } from '../../../machines/winnings/draw-record.machine';
import { selectDrawRecord } from '../../../machines/winnings/draw-record.selectors';
import { LoadingScreen } from '../../components/LoadingScreen';
import { AlertIcon, CheckIcon } from './icons';
import { WinningsStepView } from './winnings-step';
import './draw-record.css';

const count = (value: number) => value.toLocaleString('en-US');

export function DrawRecordPage() {
  return <WinningsStepView id="drawRecord" view={(record) => <DrawRecord actor={record} />} />;
}

/** The record `actor` reads and checks, as far as it has. */
export function DrawRecord({ actor }: { actor: ActorRefFrom<DrawRecordMachine> }) {
  const record = useSelector(actor, selectDrawRecord);
  const { id, stage, draw, progress, differences, wonWith, failure } = record;
  if (stage === 'failed') {
    return (
      <main className="screen draw-record" aria-label={`Draw ${id}`}>
        <h1>Draw {id}</h1>
        <p role="alert">
          {failure === 'notFound' ? `There is no draw ${id}.` : 'This draw could not be loaded.'}
        </p>
        {failure !== 'notFound' && (
          <button
            type="button"
            className="primary-button"
            onClick={() => actor.send({ type: 'drawRecord.retry' })}
          >
            Try again
          </button>
        )}
        <Link href="/winnings" className="secondary-button">
          Your winnings
        </Link>
      </main>
    );
  }
  if (!draw) return <LoadingScreen />;
  const mine = draw.my_entry_ids ?? [];
  return (
    <main className="screen draw-record" aria-label={`Draw ${id}`}>
      <h1>Draw {id}</h1>
      <dl className="draw-record__facts">
        <dt>Commitment published when it opened</dt>
        <dd>
          <code data-testid="draw-commitment">{draw.commitment}</code>
        </dd>
        <dt>Seed revealed when it closed</dt>
        <dd>
          {draw.seed === null ? (
            'Not yet: the seed is revealed when the draw closes.'
          ) : (
            <code data-testid="draw-seed">{draw.seed}</code>
          )}
        </dd>
        <dt>Entries</dt>
        <dd data-testid="draw-entries">{count(draw.entries_count)}</dd>
        <dt>{mine.length === 1 ? 'Your entry' : 'Your entries'}</dt>
        <dd data-testid="draw-my-entries">
          {mine.length === 0 ? 'None' : mine.map((entryId) => `#${entryId}`).join(', ')}
        </dd>
        <dt>Winning entry</dt>
        <dd data-testid="draw-winner">
          {draw.status === 'open'
            ? 'Drawn when it closes'
            : draw.winning_entry_id === null
              ? 'None: the draw had no entries'
              : `#${draw.winning_entry_id}${wonWith !== null ? ' (yours!)' : ''}`}
        </dd>
      </dl>
      {stage === 'checking' && progress && (
        <p className="draw-record__check" role="status">
          Checking on this phone… {count(progress.read)} of {count(progress.total)} entry ids read
        </p>
      )}
      {stage === 'stillOpen' && (
        <p className="draw-record__check" role="status">
          This draw is still open. When it closes, its seed is revealed and this phone checks it.
        </p>
      )}
      {stage === 'checked' && differences?.length === 0 && (
        <div className="draw-record__check draw-record__check--verified" role="status">
          <h2>
            <CheckIcon />
            Verified on this phone
          </h2>
          <p>
            The seed&apos;s SHA-256 is the commitment, and the seed picks the winning entry from the{' '}
            {count(draw.entries_count)} published entry ids.
          </p>
        </div>
      )}
      {stage === 'checked' && differences && differences.length > 0 && (
        <div className="draw-record__check draw-record__check--mismatch" role="alert">
          <h2>
            <AlertIcon />
            This draw does not check out
          </h2>
          <ul>
            {differences.map((difference) => (
              <li key={difference}>{difference}</li>
            ))}
          </ul>
        </div>
      )}
      <Link href="/winnings" className="secondary-button">
        Your winnings
      </Link>
    </main>
  );
}
