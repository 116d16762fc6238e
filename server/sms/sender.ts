// Texts leave the server through one interface: a log-only sender when no provider is
// configured (the embedded default and demos), or a real provider.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { maskPhone } from '../phone';
import { createTwilioSender } from './twilio';

export interface SmsSender {
  /** True when texts really reach phones; otherwise request_code hands the code back (otp). */
  readonly delivers: boolean;
  send(to: string, body: string): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info'>;

/** Records that a text would have gone out, with a masked number and never its body. */
export function createLogSender(log: Log): SmsSender {
  return {
    delivers: false,
    send: (to) => {
      log.info({ to: maskPhone(to) }, 'text not sent: no SMS provider configured');
      return Promise.resolve();
    },
  };
}

export function createSmsSender(config: Config, log: Log): SmsSender {
  if (config.SMS_PROVIDER === 'twilio') {
    return createTwilioSender({
      accountSid: config.TWILIO_ACCOUNT_SID ?? '',
      authToken: config.TWILIO_AUTH_TOKEN ?? '',
      from: config.TWILIO_FROM ?? '',
      apiUrl: config.TWILIO_API_URL ?? '',
    });
  }
  return createLogSender(log);
}
