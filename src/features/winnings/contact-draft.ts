// What the player types on Contact Us, told to its machine as they go: after a pause in the
// typing (a fast typist would otherwise send an event at every key) and at once when a field is
// left or the form submitted, so the flow keeps the draft in the page's history entry.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { ContactDraft } from '../../../machines/winnings/contact-form.machine';

/** How long the typing pauses before the draft is told. */
export const DRAFT_PAUSE_MS = 300;

const keyOf = ({ subject, message }: ContactDraft) => JSON.stringify([subject, message]);

type Pause = RefObject<ReturnType<typeof setTimeout> | null>;

function endPause(pause: Pause): void {
  if (pause.current !== null) clearTimeout(pause.current);
  pause.current = null;
}

/**
 * `soon` after a key (told once the typing pauses), `now` on leaving a field or submitting; each
 * tells `tell` the fields as `read` finds them, unless they are what was told last (or what the
 * form `opened` with).
 */
export function useDraftTelling(
  opened: ContactDraft,
  read: () => ContactDraft,
  tell: (draft: ContactDraft) => void,
): { soon: () => void; now: () => void } {
  const pause: Pause = useRef(null);
  const told = useRef(keyOf(opened));
  const now = useCallback(() => {
    endPause(pause);
    const draft = read();
    const key = keyOf(draft);
    if (key === told.current) return;
    told.current = key;
    tell(draft);
  }, [read, tell]);
  const soon = useCallback(() => {
    endPause(pause);
    pause.current = setTimeout(now, DRAFT_PAUSE_MS);
  }, [now]);
  // A form closed mid-pause tells nothing more.
  useEffect(() => () => endPause(pause), []);
  return { soon, now };
}
