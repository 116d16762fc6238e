import { useSyncExternalStore } from 'react';
import { useSearch } from 'wouter';
import { installDevice } from './install-mode';
import { installPromptKept, promptInstall, subscribeInstallPrompt } from './install-prompt';
import './install.css';

export type InstallPageProps = {
  /** Leaves the guide and uses the app in this browser tab. */
  onContinueInBrowser: () => void;
};

/**
 * The guide to putting the app on the home screen, with the steps of the visitor's phone. The
 * browser's icons are drawn from their images as masks, in the text's colour of either theme.
 */
export function InstallPage({ onContinueInBrowser }: InstallPageProps) {
  const device = installDevice(useSearch());
  // The browser's own prompt, where it offers one (Chromium): one tap installs.
  const canPrompt = useSyncExternalStore(subscribeInstallPrompt, installPromptKept, () => false);
  return (
    <main className="screen install">
      <span className="install__mark" aria-hidden="true" />
      <h1 className="install__title">Install BLACK BUTTON</h1>
      <p className="install__lead">
        Add the app to your home screen to press the button every day.
      </p>
      {canPrompt && (
        <button type="button" className="primary-button" onClick={() => void promptInstall()}>
          Install
        </button>
      )}
      {device === 'ios' ? (
        <ol className="install__steps" aria-label="iPhone steps">
          <li>
            Tap the share button
            <span className="install__icon install__icon--share" role="img" aria-label="Share" />
            at the bottom of Safari.
          </li>
          <li>
            Scroll down and tap <strong>Add to Home Page</strong>.
          </li>
          <li>
            Tap <strong>Add</strong> in the top right corner.
          </li>
        </ol>
      ) : (
        <ol className="install__steps" aria-label="Android steps">
          <li>
            Tap the Chrome menu
            <span className="install__icon install__icon--menu" role="img" aria-label="Menu" />
            at the top right.
          </li>
          <li>
            Tap <strong>Install</strong> and confirm.
          </li>
        </ol>
      )}
      <p className="install__after">Then open BLACK BUTTON from your home screen.</p>
      <button type="button" className="link-button install__continue" onClick={onContinueInBrowser}>
        Continue in browser
      </button>
    </main>
  );
}
