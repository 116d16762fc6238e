import { Suspense, useEffect, useReducer, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { decideInstallScreen, isStandalone } from '../features/install/install-mode';
import { isInstallPath, listenForInstallPrompt } from '../features/install/install-prompt';
import { LoadingScreen } from '../components/LoadingScreen';
import { preloadable } from '../lib/preloadable';
import { readString, STORAGE_KEYS, writeString } from '../lib/storage';

/**
 * The install guide, loaded when it shows: the gate decides from the address and a stored flag
 * alone, so a visitor who never sees the guide does not download it.
 */
export const InstallPage = preloadable(
  () => import('../features/install/InstallPage'),
  'InstallPage',
);

// The browser's install prompt comes once, early, on whatever screen: kept from the start.
listenForInstallPrompt(() => isInstallPath() || readString(STORAGE_KEYS.showInstall) === 'true');

/** Shows the install guide instead of the whole app while the device's install flag is set. */
export function InstallGate({ children }: { children: ReactNode }) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const [standalone] = useState(isStandalone);
  // The flag lives in storage; bumping re-reads it after the player leaves the guide.
  const [, rereadFlag] = useReducer((n: number) => n + 1, 0);
  const decision = decideInstallScreen({
    path,
    search,
    standalone,
    storedFlag: readString(STORAGE_KEYS.showInstall),
  });

  useEffect(() => {
    if (decision.flag === 'set') writeString(STORAGE_KEYS.showInstall, 'true');
    if (decision.flag === 'clear') writeString(STORAGE_KEYS.showInstall, null);
    if (decision.inviteCode) writeString(STORAGE_KEYS.inviteCode, decision.inviteCode);
  }, [decision.flag, decision.inviteCode]);

  if (!decision.show) return children;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <InstallPage
        onContinueInBrowser={() => {
          writeString(STORAGE_KEYS.showInstall, null);
          rereadFlag();
          navigate('/', { replace: true });
        }}
      />
    </Suspense>
  );
}
