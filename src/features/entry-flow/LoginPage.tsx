import {
  selectCanChangeNumber,
  selectCanResendCode,
  selectIsAwaitingCode,
  selectIsRequestingCode,
  selectIsVerifying,
  selectSubmittedCode,
} from '../../../machines/entry-flow/entry-flow.selectors';
import { CodeBoxes } from './CodeBoxes';
import { useSelector } from '@xstate/react';
import { Step, type EntryStep } from './entry-flow-actor';
import './entry.css';

/**
 * "/login": 'Enter Verification Code', four boxes; the fourth digit submits. A player whose code
 * never came (or was voided by wrong guesses) asks for a new one or goes back to the number.
 */
export function LoginPage(): React.JSX.Element {
  return <Step id="verification" view={(step) => <Verification step={step} />} />;
}

function Verification({ step }: { step: EntryStep<'verification'> }): React.JSX.Element {
  const send = step.send;
  const canType = useSelector(step, selectIsAwaitingCode);
  const requesting = useSelector(step, selectIsRequestingCode);
  const verifying = useSelector(step, selectIsVerifying);
  const submitted = useSelector(step, selectSubmittedCode);
  const canResend = useSelector(step, selectCanResendCode);
  const canChangeNumber = useSelector(step, selectCanChangeNumber);
  return (
    <main className="screen entry entry--form" aria-busy={requesting || verifying}>
      <span className="entry__mark" aria-hidden="true" />
      <h1 className="entry__title">Enter Verification Code</h1>
      <CodeBoxes
        // A failed code clears the boxes (new key), so the player types it again.
        key={submitted === '' ? 'typing' : 'checking'}
        initialCode={submitted}
        disabled={!canType}
        onComplete={(code) => send({ type: 'code.complete', code })}
      />
      {(requesting || verifying) && <span className="entry__spinner entry__spinner--dark" />}
      <div className="entry__actions">
        <button
          type="button"
          className="secondary-button entry__switch"
          disabled={!canResend}
          onClick={() => send({ type: 'code.resend' })}
        >
          Resend code
        </button>
        <button
          type="button"
          className="secondary-button entry__switch"
          disabled={!canChangeNumber}
          onClick={() => send({ type: 'login.changeNumber' })}
        >
          Change number
        </button>
      </div>
    </main>
  );
}
