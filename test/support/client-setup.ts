// Vitest global setup of the api project: where the built client is for the tests that serve it
// (the static assets, `npm start`'s stop). `npm test` builds the client once into a scratch
// dir and passes it as CLIENT_DIR; without it, the first test that needs the client builds it
// once (test/support/built-client.ts) into a scratch dir made here and removed at the end, so a
// run of files that serve no client builds nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built client's dir, and whether the tests build it there themselves. */
    client: { dir: string; build: boolean };
  }
}

export default function setup(project: TestProject): (() => void) | undefined {
  const given = process.env.CLIENT_DIR;
  if (given) {
    project.provide('client', { dir: given, build: false });
    return undefined;
  }
  const scratch = mkdtempSync(join(tmpdir(), 'bb-api-client-'));
  project.provide('client', { dir: join(scratch, 'client'), build: true });
  return () => rmSync(scratch, { recursive: true, force: true });
}
