// Twilio's Messages API: POST {api}/2010-04-01/Accounts/{sid}/Messages.json, form encoded,
// basic auth with the account SID and auth token.
import type { SmsSender } from './sender';
import { maskPhone } from '../phone';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com in production; a local stand-in in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

export function createTwilioSender(options: TwilioOptions): SmsSender {
  const endpoint = new URL(
    `2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
    options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`,
  );
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    delivers: true,
    async send(to, body) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: options.from, Body: body }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.name : 'unknown';
        throw new SmsDeliveryError(`SMS provider unreachable (${reason}) for ${maskPhone(to)}`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new SmsDeliveryError(`SMS provider answered ${response.status} for ${maskPhone(to)}`);
      }
      await response.body?.cancel();
    },
  };
}
