import { selectIsDisclaimerShown } from '../../../machines/entry-flow/entry-flow.selectors';
import { Disclaimer } from './Disclaimer';
import { useEntryFlowSelector } from './entry-flow-actor';
import './entry.css';

/** "/disclaimer". */
export function DisclaimerPage(): React.JSX.Element {
  const shown = useEntryFlowSelector(selectIsDisclaimerShown);
  return shown ? <Disclaimer /> : <main className="screen entry" aria-busy="true" />;
}
