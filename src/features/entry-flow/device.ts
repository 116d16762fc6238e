// "Desktop" as the disclaimer means it (spec section 5): a fine pointer on a machine that does not
// call itself a phone or tablet. Touch screens tick the agreement box before SUBMIT.
const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|BlackBerry|Opera Mini/i;

export function isDesktopDevice(): boolean {
  if (typeof window === 'undefined') return false;
  if (MOBILE_AGENT.test(window.navigator.userAgent)) return false;
  // iPadOS reports itself as a Mac; its touch points give it away.
  if (window.navigator.maxTouchPoints > 1 && /Macintosh/.test(window.navigator.userAgent)) {
    return false;
  }
  return typeof window.matchMedia === 'function'
    ? !window.matchMedia('(pointer: coarse)').matches
    : true;
}
