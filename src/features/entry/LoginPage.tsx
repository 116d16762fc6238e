import {
  selectIsAwaitingCode,
  selectIsRequestingCode,
  selectIsVerifying,
  selectSubmittedCode,
} from '../../../machines/entry-flow/entry-flow.selectors';
import { CodeBoxes } from './CodeBoxes';
import { useEntryFlowSelector, useEntryFlowSend } from './entry-flow-actor';
import { useRouteOpened } from './useRouteOpened';
import './entry.css';

/** "/login": 'Enter Verification Code', four boxes; the fourth digit submits. */
export function LoginPage(): React.JSX.Element {
  useRouteOpened('/login');
  const send = useEntryFlowSend();
  const canType = useEntryFlowSelector(selectIsAwaitingCode);
  const requesting = useEntryFlowSelector(selectIsRequestingCode);
  const verifying = useEntryFlowSelector(selectIsVerifying);
  const submitted = useEntryFlowSelector(selectSubmittedCode);
  return (
    <main className="screen entry entry--form" aria-busy={requesting || verifying}>
      <h1 className="entry__title">Enter Verification Code</h1>
      <CodeBoxes
        // A failed code clears the boxes (new key), so the player types it again.
        key={submitted === '' ? 'typing' : 'checking'}
        initialCode={submitted}
        disabled={!canType}
        onComplete={(code) => send({ type: 'code.complete', code })}
      />
      {(requesting || verifying) && <span className="entry__spinner entry__spinner--dark" />}
    </main>
  );
}
