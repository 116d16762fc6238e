// Every setting of the server comes from the environment and is checked here, once, at start
// (DESIGN section 6). A bad value stops the process with one line naming the variable.
import { z } from 'zod';

const flag = (defaultValue: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'], {
      error: 'must be on or off',
    })
    .default(defaultValue ? 'on' : 'off')
    .transform((value) => ['on', 'true', '1', 'yes'].includes(value));

const positiveInt = (defaultValue: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be above 0')
    .default(defaultValue);

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const ConfigSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(0, 'must be a port number between 0 and 65535')
      .max(65535, 'must be a port number between 0 and 65535')
      .default(8080),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
    // Where the built client is served from (unset: dist/client, what `npm run build` writes).
    CLIENT_DIR: optionalText,
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    CYCLE_SECONDS: positiveInt(86400),
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SMS_PROVIDER: z.enum(['none', 'twilio'], { error: 'must be none or twilio' }).default('none'),
    TWILIO_ACCOUNT_SID: optionalText,
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_FROM: optionalText,
    TWILIO_API_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    FEATURE_PLAYERS: flag(false),
    FEATURE_TELL_US_MORE: flag(true),
    // A test campaign has ended: every signed-in route shows the final-test page.
    FEATURE_FINAL_TEST: flag(false),
    // A presentation environment anyone may wipe to its start (only without real texts).
    DEMO_MODE: flag(false),
    OPERATOR_NAME: z.string().trim().min(1, 'must not be empty').default('Black Button, Inc.'),
    CONTACT_EMAIL: z
      .email({ error: 'must be an email address' })
      .default('support@blackbutton.example'),
    CODE_LIMIT_PER_PHONE: positiveInt(5),
    CODE_LIMIT_PER_ADDRESS: positiveInt(30),
    TRUST_PROXY: flag(false),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  })
  .superRefine((config, context) => {
    if (config.DEMO_MODE && config.SMS_PROVIDER !== 'none') {
      context.addIssue({
        code: 'custom',
        path: ['DEMO_MODE'],
        message: 'is allowed only with SMS_PROVIDER=none (a demo is wiped by anyone)',
      });
    }
    if (config.SMS_PROVIDER !== 'twilio') return;
    for (const key of [
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM',
      'TWILIO_API_URL',
    ] as const) {
      if (!config[key]) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required when SMS_PROVIDER is twilio',
        });
      }
    }
  });

export type Config = z.output<typeof ConfigSchema>;

/** A configuration that cannot run: the message names the variable and what is wrong. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Environment = Record<string, string | undefined>;

export function loadConfig(env: Environment = process.env): Config {
  // An empty variable means "not set", as shells and .env files usually intend.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ConfigSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = String(issue?.path[0] ?? 'configuration');
  const shown =
    name in present && !/SECRET|TOKEN|URL/.test(name) ? ` (got "${present[name]}")` : '';
  throw new ConfigError(`Invalid ${name}${shown}: ${issue?.message ?? 'is not valid'}`);
}

/** Loads the configuration or ends the process with one clear line (no stack trace). */
export function loadConfigOrExit(env: Environment = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
