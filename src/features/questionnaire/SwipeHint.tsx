// The first-time swipe hint on a new player's first question card: a hand on an ink band (white
// on black in the light theme, the other way round in the dark), moving between 'No' on the
// left and 'Yes' on the right, over the words of what a swipe does (spec section 5: swipe
// right = yes, left = no).

export const SWIPE_HINT_TEXT = 'Swipe right for Yes, left for No';

export function SwipeHint() {
  return (
    <div className="swipe-hint" role="note">
      <div className="swipe-hint__track" aria-hidden="true">
        <span className="swipe-hint__side">&larr; No</span>
        <svg className="swipe-hint__hand" viewBox="0 0 48 56" width="48" height="56">
          <path
            d="M18 6a4 4 0 0 1 8 0v20l2-1a4 4 0 0 1 5 2l1 1a4 4 0 0 1 6 3v10c0 8-6 13-13 13h-3c-5 0-8-2-11-6L5 36a4 4 0 0 1 6-5l7 6Z"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        <span className="swipe-hint__side">Yes &rarr;</span>
      </div>
      <p className="swipe-hint__text">{SWIPE_HINT_TEXT}</p>
    </div>
  );
}
