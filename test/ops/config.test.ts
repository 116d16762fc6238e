import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { finish, ops, start } from './helper';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      CYCLE_SECONDS: 86400,
      SMS_PROVIDER: 'none',
      FEATURE_PLAYERS: false,
      FEATURE_TELL_US_MORE: true,
      CODE_LIMIT_PER_PHONE: 5,
      CODE_LIMIT_PER_ADDRESS: 30,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
  });

  it.each([
    [{ PORT: '70000' }, /^Invalid PORT \(got "70000"\)/],
    [{ CYCLE_SECONDS: '0' }, /^Invalid CYCLE_SECONDS/],
    [{ FEATURE_PLAYERS: 'maybe' }, /^Invalid FEATURE_PLAYERS .*must be on or off/],
    [{ SMS_PROVIDER: 'pigeon' }, /^Invalid SMS_PROVIDER/],
    [
      { SMS_PROVIDER: 'twilio' },
      /^Invalid TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER is twilio/,
    ],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL: must be a postgres:\/\/ URL$/],
    [
      { SMTP_URL: 'mail.example.com' },
      /^Invalid SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL$/,
    ],
    [{ JWT_SECRET: 'short' }, /^Invalid JWT_SECRET: must be at least 32 characters$/],
    [{ CONTACT_EMAIL: 'nobody' }, /^Invalid CONTACT_EMAIL/],
    [{ DEMO_MODE: 'maybe' }, /^Invalid DEMO_MODE .*must be on or off/],
  ])('names the variable of a bad value: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('stops the server on a bad PORT with one line naming it, exit code 1', async () => {
    const result = await finish(start('server/server.ts', [], { PORT: 'eighty' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Invalid PORT (got "eighty"): must be a port number\n');
    expect(result.stdout).toBe('');
  });

  it('stops the operator CLI the same way', async () => {
    const result = await ops(['invite', 'create'], { CODE_LIMIT_PER_PHONE: '-1' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Invalid CODE_LIMIT_PER_PHONE (got "-1"): must be above 0\n');
  });

  const TWILIO = {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM: '+14155550100',
    TWILIO_API_URL: 'https://api.twilio.com',
  };
  const DEMO_REFUSED =
    'Invalid DEMO_MODE (got "on"): is allowed only with SMS_PROVIDER=none (a demo is wiped by anyone)\n';

  it('allows DEMO_MODE only with SMS_PROVIDER=none', () => {
    expect(loadConfig({ DEMO_MODE: 'on' }).DEMO_MODE).toBe(true);
    expect(loadConfig(TWILIO).DEMO_MODE).toBe(false);
    expect(() => loadConfig({ ...TWILIO, DEMO_MODE: 'on' })).toThrow(ConfigError);
  });

  it('stops the server started with DEMO_MODE and a real SMS provider, with one line', async () => {
    const result = await finish(start('server/server.ts', [], { ...TWILIO, DEMO_MODE: 'on' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(DEMO_REFUSED);
    expect(result.stdout).toBe('');
  });

  it('stops the operator CLI the same way, wiping nothing', async () => {
    const result = await ops(['demo', 'reset', '--yes'], { ...TWILIO, DEMO_MODE: 'on' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(DEMO_REFUSED);
    expect(result.stdout).toBe('');
  });
});
