// The app's way into analytics (./analytics), whose code loads after the first screen: what is
// told before it arrives waits, in order, and is handed over as soon as it has loaded. Nothing
// waits on it; should it fail to load, what was told is dropped, as a failed send is.
import type { Analytics } from './analytics';

type Told = (analytics: Analytics) => void;

let loaded: Analytics | null = null;
let waiting: Told[] | null = null;

/** Tells the app's analytics now, or once their code has loaded. */
export function tellAnalytics(told: Told): void {
  if (loaded) {
    told(loaded);
    return;
  }
  if (waiting) {
    waiting.push(told);
    return;
  }
  waiting = [told];
  import('./analytics')
    .then(({ appAnalytics }) => {
      loaded = appAnalytics();
      const queued = waiting ?? [];
      waiting = null;
      for (const each of queued) each(loaded);
    })
    .catch(() => {
      waiting = null;
    });
}
