// fast-check arbitraries derived from the zod contract: values a schema accepts, mixed with
// values it must refuse and hostile ones (NUL, unpaired surrogates, huge numbers, deep nesting).
// It walks the zod/mini definitions the contract uses; a kind it does not know fails loudly, so
// a new kind of field cannot go ungenerated.
import fc from 'fast-check';
import * as z from 'zod/mini';

/** Any zod schema, classic, mini or core: all keep their definition in `_zod.def`. */
export interface Schema {
  _zod: { def: unknown };
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
}

interface SchemaDef {
  type: string;
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, Schema>;
  innerType?: Schema;
  keyType?: Schema;
  entries?: Record<string, string>;
  values?: unknown[];
  element?: Schema;
  options?: Schema[];
  out?: Schema;
  reverseTransform?: unknown;
}

const defOf = (schema: Schema) => schema._zod.def as SchemaDef;
const checksOf = (def: SchemaDef) => (def.checks ?? []).map((check) => check._zod.def);

/** One UTF-16 code unit of any value: NUL and surrogate halves included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

/** `depth` arrays nested in one another. */
const nestedArrays = (depth: number): unknown => {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
};

/** Strings no field may store, and text of any code units. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00',
    '\udfff\ud800',
    ' ',
    '',
    'A'.repeat(5000),
  ),
  fc.string({ unit: codeUnit, maxLength: 40 }),
);

/** Any JSON a client could send where a field belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    0.5,
    2 ** 31,
    2 ** 53,
    1e308,
    '1e30',
    'NaN',
    [],
    {},
    nestedArrays(200),
  ),
  hostileText,
  fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

function numberBounds(def: SchemaDef): { min: number; max: number; integer: boolean } {
  let min = -Number.MAX_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let integer = def.format === 'safeint';
  for (const check of checksOf(def)) {
    if (check.check === 'number_format') integer = true;
    if (check.check === 'greater_than' && check.value !== undefined) {
      min = check.inclusive ? check.value : check.value + 1;
    }
    if (check.check === 'less_than' && check.value !== undefined) {
      max = check.inclusive ? check.value : check.value - 1;
    }
  }
  return { min, max, integer };
}

/** Values `schema` accepts (with fields it leaves optional sometimes left out). */
export function validOf(schema: Schema): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      if (def.format === 'uuid') return fc.uuid();
      const checks = checksOf(def);
      const pattern = checks.find((check) => check.format === 'regex')?.pattern;
      if (pattern) return fc.stringMatching(pattern);
      const minLength = checks.find((check) => check.check === 'min_length')?.minimum ?? 0;
      const maxLength = checks.find((check) => check.check === 'max_length')?.maximum ?? 64;
      return fc.string({ minLength, maxLength: Math.min(maxLength, 64) });
    }
    case 'number': {
      const { min, max, integer } = numberBounds(def);
      const value = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
      // A coerced number is sent as text: a path parameter or a query value.
      return def.coerce ? value.map(String) : value;
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'unknown':
      return fc.jsonValue({ maxDepth: 3 });
    case 'array': {
      if (!def.element) break;
      const maxLength = checksOf(def).find((check) => check.check === 'max_length')?.maximum;
      return fc.array(validOf(def.element), { maxLength: Math.min(maxLength ?? 8, 8) });
    }
    case 'record':
      return fc.dictionary(
        def.keyType ? (validOf(def.keyType) as fc.Arbitrary<string>) : fc.string(),
        fc.jsonValue({ maxDepth: 3 }),
        { maxKeys: 4 },
      );
    case 'optional':
    case 'default':
      if (!def.innerType) break;
      return fc.option(validOf(def.innerType), { nil: undefined });
    case 'object': {
      const shape = def.shape ?? {};
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, validOf(field)]),
      );
      return fc.record(fields).map(withoutUndefined);
    }
    case 'union':
      if (!def.options?.length) break;
      return fc.oneof(...def.options.map(validOf));
    case 'pipe': {
      // A codec (a number sent as text): what its decoded side accepts, encoded for the wire.
      if (!def.out || !def.reverseTransform) break;
      const codec = schema as unknown as z.ZodMiniType;
      return validOf(def.out).map((value) => z.encode(codec, value));
    }
    default:
      break;
  }
  throw new Error(`no arbitrary for zod type "${def.type}": teach contract-arbitraries.ts`);
}

/**
 * Values for `schema` of every sort: mostly valid, each field sometimes replaced by a hostile
 * value, unknown fields added, or the whole value something else entirely.
 */
export function anyOf(schema: Schema): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  // A union of objects (a discriminated body): each option's values, mixed up as an object's.
  if (def.type === 'union' && def.options?.length) return fc.oneof(...def.options.map(anyOf));
  if (def.type === 'object') {
    const shape = def.shape ?? {};
    const fields = Object.fromEntries(
      Object.entries(shape).map(([key, field]) => [key, mostlyValid(field)]),
    );
    const objects = fc
      .tuple(
        fc.record(fields).map(withoutUndefined),
        fc.option(fc.dictionary(hostileText, hostileValue, { maxKeys: 2 }), { freq: 4 }),
      )
      .map(([object, extra]) => (extra ? { ...extra, ...object } : object));
    return fc.oneof({ weight: 6, arbitrary: objects }, { weight: 1, arbitrary: hostileValue });
  }
  return mostlyValid(schema);
}

function mostlyValid(schema: Schema): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner =
    (def.type === 'optional' || def.type === 'default') && def.innerType ? def.innerType : null;
  if (inner && defOf(inner).type === 'object') {
    return fc.option(anyOf(inner), { nil: undefined, freq: 4 });
  }
  if (def.type === 'object') return anyOf(schema);
  return fc.oneof(
    { weight: 3, arbitrary: validOf(schema) },
    { weight: 1, arbitrary: hostileText },
    { weight: 1, arbitrary: hostileValue },
  );
}

function withoutUndefined(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/** Text for a URL: percent-encoded UTF-8 (Node writes a lone surrogate as U+FFFD), or raw bytes that may not decode at all. */
export function inUrl(value: unknown): fc.Arbitrary<string> {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(percentEncode(Buffer.from(text, 'utf8'))) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 8 })
        .map((bytes) => percentEncode(Buffer.from(bytes))),
    },
  );
}

function percentEncode(bytes: Buffer): string {
  return [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}
