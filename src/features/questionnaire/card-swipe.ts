// How a released drag of the question card reads (spec sections 5 and 9): the card commits
// after more than 30 px sideways, and like every swipe a finger must travel more than 50 px and
// a mouse more than 100 px; right is yes, left is no. Anything shorter springs back.
import type { CardChoice } from '../../../machines/questionnaire/questionnaire.types';

export const CARD_COMMIT_PX = 30;
export const CARD_SWIPE_PX = { touch: 50, mouse: 100 } as const;

export function cardChoiceOf(dx: number, dy: number, pointerType: string): CardChoice | null {
  const needed = Math.max(
    CARD_COMMIT_PX,
    pointerType === 'mouse' ? CARD_SWIPE_PX.mouse : CARD_SWIPE_PX.touch,
  );
  if (Math.abs(dx) <= needed || Math.abs(dx) < Math.abs(dy)) return null;
  return dx > 0 ? 'yes' : 'no';
}
