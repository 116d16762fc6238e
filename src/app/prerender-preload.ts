// What the app's one page (index.html, the page of every screen not built into a page of its
// own) has the browser fetch ahead for a signed-in player: the signed-in app's code, and the
// code of the screen at the address opened (the questions, the drawer...), alongside the app's
// entry instead of after it, when the app would first ask for them. A small script of its own,
// run as soon as it arrives (async); vite.config.ts builds it with the files of this build.
import { storedSession } from './prerender-device';

/** This build's files: the signed-in app's, and each address's screen's. */
declare const SIGNED_IN_FILES: { app: string[]; byPath: Record<string, string[]> };

if (storedSession().signedIn) {
  const files = [
    ...SIGNED_IN_FILES.app,
    ...(SIGNED_IN_FILES.byPath[window.location.pathname] ?? []),
  ];
  for (const file of files) {
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As the app asks for them (crossorigin), so the browser hands it these very responses.
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}
