import { Disclaimer } from './Disclaimer';
import { Step } from './entry-flow-actor';
import './entry.css';

/** "/disclaimer". */
export function DisclaimerPage(): React.JSX.Element {
  return <Step id="terms" view={(terms) => <Disclaimer terms={terms} />} />;
}
