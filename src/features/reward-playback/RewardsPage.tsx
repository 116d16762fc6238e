import { QuestionsStepView } from '../../lib/questions-step';
import { RewardsView } from './RewardsView';

/** /rewards: the rewards play one after another, then the app moves on by itself. */
export function RewardsPage() {
  return <QuestionsStepView id="rewardPlayback" view={(step) => <RewardsView actor={step} />} />;
}
