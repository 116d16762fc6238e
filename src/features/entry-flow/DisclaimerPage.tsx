import { selectIsAccountDeletedNoticeShown } from '../../../machines/entry-flow/entry-flow.selectors';
import { Disclaimer } from './Disclaimer';
import { Step, useEntryFlowSelector } from './entry-flow-actor';
import './entry.css';

/** "/disclaimer", where a player lands after signing out or deleting their account. */
export function DisclaimerPage(): React.JSX.Element {
  const accountDeleted = useEntryFlowSelector(selectIsAccountDeletedNoticeShown);
  return (
    <Step
      id="terms"
      view={(terms) => <Disclaimer terms={terms} accountDeleted={accountDeleted} />}
    />
  );
}
