// The tick of an entry made: the player is in today's draw (the screen after the press, and
// /home's countdown). Seen only: the words beside it say it.
import { BoldGlyph } from './Icon';

export function EnteredMark({ className, size }: { className: string; size: number }) {
  return (
    <span className={className} aria-hidden="true">
      <BoldGlyph d="m5 12.5 4.5 4.5L19 7.5" size={size} />
    </span>
  );
}
