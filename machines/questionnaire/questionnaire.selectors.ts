// Narrow reads of the questionnaire and What I Like for the views: each returns a small value,
// so a view re-renders only when what it shows changes, and controls are enabled by `can`.
import type { SnapshotFrom } from 'xstate';
import type { QuestionnaireMachine } from './questionnaire.machine';
import type { WhatILikeMachine } from './what-i-like.machine';

type QuestionnaireSnapshot = SnapshotFrom<QuestionnaireMachine>;
type WhatILikeSnapshot = SnapshotFrom<WhatILikeMachine>;

/** The prompt on the card, while a question shows. */
export const selectPrompt = (s: QuestionnaireSnapshot): string | null =>
  s.matches({ questions: 'showing' }) || s.matches({ questions: 'answering' })
    ? (s.context.question?.prompt ?? null)
    : null;
export const selectIsTutorial = (s: QuestionnaireSnapshot) => s.matches({ questions: 'tutorial' });
/** The 'Swipe to skip' overlay shows over a first-time player's first card. */
export const selectShowsSwipeHint = (s: QuestionnaireSnapshot) =>
  s.matches({ questions: 'showing' }) &&
  s.context.isFirstQuestionnaire &&
  s.context.questionnaireProgress === 0;
export const selectCanAnswer = (s: QuestionnaireSnapshot) =>
  s.can({ type: 'card.answer', choice: 'skip' });
export const selectIsBusy = (s: QuestionnaireSnapshot) =>
  !s.matches({ questions: 'showing' }) && !s.matches({ questions: 'tutorial' });
export const selectShowHome = (s: QuestionnaireSnapshot) => s.context.showHome;
/** Progress through the batch: the question on the card is number `done + 1` of `total`. */
export const selectProgress = (s: QuestionnaireSnapshot) => ({
  done: s.context.questionnaireProgress,
  total: s.context.numOfQuestions,
});

export const selectIsSkipping = (s: WhatILikeSnapshot) => s.matches('skipping');
export const selectIsFirstQuestionnaire = (s: WhatILikeSnapshot) => s.context.isFirstQuestionnaire;
export const selectCanStart = (s: WhatILikeSnapshot) => s.can({ type: 'whatILike.start' });
export const selectCanSkip = (s: WhatILikeSnapshot) => s.can({ type: 'whatILike.skip' });
