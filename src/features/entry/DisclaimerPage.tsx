import { selectIsDisclaimerShown } from '../../../machines/entry-flow/entry-flow.selectors';
import { Disclaimer } from './Disclaimer';
import { useEntryFlowSelector } from './entry-flow-actor';
import { useRouteOpened } from './useRouteOpened';
import './entry.css';

/** "/disclaimer". */
export function DisclaimerPage(): React.JSX.Element {
  useRouteOpened('/disclaimer');
  const shown = useEntryFlowSelector(selectIsDisclaimerShown);
  return shown ? <Disclaimer /> : <main className="screen entry" aria-busy="true" />;
}
