// When the install guide replaces the whole app (spec section 2): a visitor who opens /install
// in a browser tab keeps seeing the guide until they install the app or choose to continue in
// the browser; the installed app never shows it.

export const INSTALL_PATH = '/install';

export type InstallDecision = {
  show: boolean;
  /** What the `showInstall` flag should become: 'true', removed, or left as it is. */
  flag: 'set' | 'clear' | 'keep';
  /** An invite code from the link, to keep for registration. */
  inviteCode: string | null;
};

export function decideInstallScreen(env: {
  path: string;
  search: string;
  standalone: boolean;
  storedFlag: string | null;
}): InstallDecision {
  const onInstallPath = env.path === INSTALL_PATH;
  const inviteCode = onInstallPath
    ? new URLSearchParams(env.search).get('invite_code')?.trim() || null
    : null;
  if (env.standalone) return { show: false, flag: 'clear', inviteCode };
  if (onInstallPath) return { show: true, flag: 'set', inviteCode };
  return { show: env.storedFlag === 'true', flag: 'keep', inviteCode };
}

export type InstallDevice = 'ios' | 'android';

export function installDevice(search: string): InstallDevice {
  return new URLSearchParams(search).get('device')?.toLowerCase() === 'ios' ? 'ios' : 'android';
}

/** The app runs from the home screen rather than in a browser tab. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const displayStandalone =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches;
  // iOS Safari reports a home-screen start only through this non-standard flag.
  const iosStandalone = (window.navigator as Navigator & { standalone?: boolean }).standalone;
  return displayStandalone || iosStandalone === true;
}
