// The API client as the app's machines receive it: each call loads the client (ky and the
// contract's response schemas) on first use, so none of it is needed to draw the first screen.
// Calls made while it loads wait for it, in order.
import type * as ApiClient from './api';
import type { Api } from './api';

type ApiModule = typeof ApiClient;

let loading: Promise<ApiModule> | undefined;

function loadApi(): Promise<ApiModule> {
  loading ??= import('./api');
  return loading;
}

type AnyCall = (...args: unknown[]) => Promise<unknown>;

/** The same calls as `api` of ./api, each loading the client first. */
export const api = new Proxy({} as Api, {
  get:
    (_target, name: string) =>
    async (...args: unknown[]): Promise<unknown> => {
      const { api: loaded } = await loadApi();
      const call = (loaded as Record<string, AnyCall>)[name];
      if (!call) throw new Error(`The API client has no call named ${name}`);
      return call(...args);
    },
});

/** Sets what a 401 answer does (see ./api), once the client has loaded. */
export function setUnauthorizedHandler(handler: () => void): void {
  void loadApi().then(({ setUnauthorizedHandler: set }) => set(handler));
}
