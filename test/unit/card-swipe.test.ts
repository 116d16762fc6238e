// How a released drag of a swipe card reads (spec sections 5 and 9): a finger must travel more
// than 50 px and a mouse more than 100 px, sideways more than up or down; right is yes, left is
// no. The tutorial card and the question cards read drags the same way.
import { describe, expect, it } from 'vitest';
import { cardChoiceOf } from '../../src/features/questionnaire/card-swipe';

describe('a released drag of the card', () => {
  it.each([
    ['touch', 50, null],
    ['touch', 51, 'yes'],
    ['touch', -51, 'no'],
    ['pen', 51, 'yes'],
    ['mouse', 100, null],
    ['mouse', 101, 'yes'],
    ['mouse', -101, 'no'],
    ['mouse', 75, null],
  ] as const)('%s over %i px sideways reads %s', (pointer, dx, choice) => {
    expect(cardChoiceOf(dx, 0, pointer)).toBe(choice);
  });

  it('reads a drag more up or down than sideways as no answer', () => {
    expect(cardChoiceOf(120, 130, 'touch')).toBeNull();
    expect(cardChoiceOf(-150, -160, 'mouse')).toBeNull();
    expect(cardChoiceOf(120, 110, 'touch')).toBe('yes');
  });
});
