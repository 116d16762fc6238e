// The test DOM does no layout and is no particular device: its media queries are answered here,
// and what it lacks of layout observers and pointer capture stood in for. The model tests play a
// phone-sized touch device (390x844, coarse pointer) unless a test says otherwise.
export type DeviceKind = 'phone' | 'desktop';

let device: DeviceKind = 'phone';

const PHONE_QUERIES = ['(pointer: coarse)', '(hover: none)', '(any-pointer: coarse)'];
const DESKTOP_QUERIES = ['(pointer: fine)', '(hover: hover)', '(any-pointer: fine)'];

function queryMatches(query: string): boolean {
  const normalized = query.replace(/\s+/g, ' ').trim();
  const matching = device === 'phone' ? PHONE_QUERIES : DESKTOP_QUERIES;
  if (matching.some((q) => normalized.includes(q))) return true;
  const width = device === 'phone' ? 390 : 1280;
  const max = /max-width: (\d+)px/.exec(normalized);
  if (max?.[1] !== undefined) return width <= Number(max[1]);
  const min = /min-width: (\d+)px/.exec(normalized);
  if (min?.[1] !== undefined) return width >= Number(min[1]);
  return false;
}

function installPolyfills(): void {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: queryMatches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
  if (!('vibrate' in navigator)) {
    Object.defineProperty(navigator, 'vibrate', { value: () => true, configurable: true });
  }
  // Drag gestures capture the pointer: stood in for where the DOM has none to give.
  const pointerCapture = { setPointerCapture: undefined, releasePointerCapture: undefined };
  for (const method of Object.keys(pointerCapture)) {
    if (!(method in Element.prototype)) {
      Object.defineProperty(Element.prototype, method, {
        value: () => undefined,
        configurable: true,
      });
    }
  }
  if (!('hasPointerCapture' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'hasPointerCapture', {
      value: () => false,
      configurable: true,
    });
  }
}

/** Switches the simulated device; media queries answer accordingly from now on. */
export function setDevice(kind: DeviceKind): void {
  device = kind;
  installPolyfills();
}

export function resetDevice(): void {
  setDevice('phone');
}

/** Screen size of the simulated device, for gestures that need coordinates. */
export function deviceViewport(): { width: number; height: number } {
  return device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
}
