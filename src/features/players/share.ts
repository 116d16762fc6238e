// The device's share sheet (`navigator.share`), through which the players screen sends invites,
// and its clipboard, for the link shown where there is no share sheet.
import type { ShareOutcome } from '../../../machines/players/players.machine';

export function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

export async function shareWithDevice(data: { url: string; text: string }): Promise<ShareOutcome> {
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    // The player closed the sheet: nothing went wrong.
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    throw error;
  }
}

/** Puts `text` on the clipboard; rejects where there is none or the browser refuses. */
export async function copyWithDevice(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || typeof navigator.clipboard?.writeText !== 'function') {
    throw new Error('This browser has no clipboard.');
  }
  await navigator.clipboard.writeText(text);
}
