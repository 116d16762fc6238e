// What the logs may hold: no full phone number and no code, anywhere (DESIGN 4). Requests carry
// phones in their bodies, which are never logged; the leaks come from errors, whose messages
// and fields repeat the values a failed query was given (drizzle: "Failed query: ...\nparams:
// +12025550123,..."), and from any text that happens to quote a number.
import { stdSerializers, type SerializedError } from 'pino';
import { maskPhone } from './phone';

// Ten NANP digits, with the country code and the plus optional, not inside a longer number.
const PHONE = /(?<!\d)\+?1?\d{10}(?!\d)/g;
// Error fields that hold a query's values as they are.
const VALUE_FIELDS = new Set(['params', 'parameters', 'values']);
const MAX_DEPTH = 6;
// What pino's error serializer builds its results on.
const SERIALIZED_ERROR = Object.getPrototypeOf(stdSerializers.err(new Error())) as object;

/** Data to walk: plain objects and serialized errors. Other objects (a request, a reply) are
 * left to their own serializers. */
function isWalkable(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null || prototype === SERIALIZED_ERROR;
}

/** `text` with every phone number masked as maskPhone does. */
export function redactText(text: string): string {
  return text.replace(PHONE, (match) => maskPhone(match));
}

/**
 * The texts that list a query's values in the messages of `error` and its causes, as drizzle
 * writes them (`params: ${params}`), so they can be cut out exactly, whatever they contain.
 */
function paramsTexts(error: unknown): string[] {
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && current instanceof Error; depth += 1) {
    const params = (current as { params?: unknown }).params;
    if (Array.isArray(params) && params.length > 0) texts.push(`params: ${params.join(',')}`);
    current = current.cause;
  }
  return texts;
}

function redactValue(value: unknown, depth: number, cut: string[] = []): unknown {
  if (typeof value === 'string') {
    return redactText(
      cut.reduce((text, params) => text.replaceAll(params, 'params: [redacted]'), value),
    );
  }
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, cut));
  if (!isWalkable(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!VALUE_FIELDS.has(key)) copy[key] = redactValue(item, depth + 1, cut);
  }
  return copy;
}

/**
 * pino's error serializer (message and stack with every cause appended), then without query
 * values: `params` fields dropped, "params: ..." texts cut, phones masked in every field.
 */
export function redactedErrorSerializer(error: Error): SerializedError {
  return redactValue(stdSerializers.err(error), 0, paramsTexts(error)) as SerializedError;
}

/**
 * The log line's own fields, phones masked. Errors are left to their serializer, which pino
 * applies after this.
 */
export function redactLogFields(fields: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    copy[key] = value instanceof Error ? value : redactValue(value, 1);
  }
  return copy;
}

/** pino's logMethod hook: the message and any string arguments, phones masked. */
export function redactLogArguments(args: unknown[]): unknown[] {
  return args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
}
