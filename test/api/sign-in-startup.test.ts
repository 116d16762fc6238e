// The server run as an operator runs it: what it says at start about sign-in codes.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../ops/helper';
import { dataDirWithDatabase } from '../support/pglite-template';

const WARNING =
  'WARNING: SMS_PROVIDER=none: sign-in codes are shown to whoever asks; do not expose this server to the internet';

describe('the start of a server process', () => {
  const dataDirs: string[] = [];
  let server: RunningServer | undefined;

  afterEach(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    server = undefined;
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function dataDir() {
    const dir = dataDirWithDatabase('bb-sign-in-');
    dataDirs.push(dir);
    return dir;
  }

  it(
    'warns in one line on stderr that codes are handed back when no SMS provider is set',
    { timeout: 90_000 },
    async () => {
      server = await startServer({ DATA_DIR: dataDir() });
      server.child.kill('SIGTERM');
      const { stderr } = await server.exited;
      expect(stderr.split('\n').filter((line) => line.includes('SMS_PROVIDER'))).toEqual([WARNING]);
    },
  );

  it('says nothing of the kind with an SMS provider configured', { timeout: 90_000 }, async () => {
    server = await startServer({
      DATA_DIR: dataDir(),
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0001',
      TWILIO_AUTH_TOKEN: 'secret-token',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: 'http://127.0.0.1:9',
    });
    server.child.kill('SIGTERM');
    const { stderr } = await server.exited;
    expect(stderr).not.toContain('SMS_PROVIDER');
    expect(stderr).not.toContain('WARNING');
  });
});
