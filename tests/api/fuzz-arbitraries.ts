import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries that follow a zod schema's shape but fill it with hostile values: ids past
 * int4, negatives, NaN-like strings, NUL, lone surrogates, very long strings, unknown keys, wrong
 * types and nested junk. `known` gives, per key name, real values (an upload id, a department id) so
 * some requests get past the first check and reach the handler's deeper code.
 */
export type Known = Record<string, unknown[]>;

const INT_EDGES = [
  0,
  -1,
  1,
  2,
  3,
  5,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  Number.MAX_SAFE_INTEGER,
  1e300,
  -0,
  1.5,
  2 ** 53 + 2,
];

export const hostileString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00',
    '\ud83e\ude7a',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '2147483648',
    '99999999999999999999',
    '1e309',
    '0x10',
    ' 1 ',
    'null',
    'true',
    '[]',
    '{}',
    '%00',
    '../../etc/passwd',
    "'; drop table users; --",
    '2024-02-30',
    '9999-12-31',
  ),
  fc.constantFrom(100, 1_000, 70_000, 1_100_000).map((n) => 'x'.repeat(n)),
);

const hostileNumber = fc.oneof(fc.constantFrom(...INT_EDGES), fc.integer(), fc.double({ noNaN: true }));

/** Anything at all, nested a little: the wrong type where a schema wants another. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

function def(schema: z.ZodType) {
  return (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
}

/** Values shaped like `schema`, any of them hostile. */
export function hostileFor(schema: z.ZodType, known: Known = {}, key = '', depth = 0): fc.Arbitrary<unknown> {
  const d = def(schema);
  const good = known[key];
  const shaped = shapedFor(schema, d, known, depth);
  const options: fc.Arbitrary<unknown>[] = [shaped, shaped, junk];
  if (good?.length) options.push(fc.constantFrom(...good), fc.constantFrom(...good));
  return fc.oneof(...options);
}

function shapedFor(schema: z.ZodType, d: ReturnType<typeof def>, known: Known, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return junk;
  const inner = (s: unknown, key = '') => hostileFor(s as z.ZodType, known, key, depth + 1);
  switch (d.type) {
    case 'object': {
      const shape = (schema as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, fc.option(inner(v, k), { nil: undefined, freq: 4 })]));
      const extra = fc.dictionary(hostileString, junk, { maxKeys: 2 });
      return fc.tuple(fc.record(fields), fc.oneof(fc.constant({}), extra)).map(([known, more]) => {
        const out: Record<string, unknown> = { ...more, ...known };
        for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
        return out;
      });
    }
    case 'string':
      return hostileString;
    case 'number':
    case 'int':
      return hostileNumber;
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1));
    case 'enum':
      return fc.oneof(fc.constantFrom(...Object.values(d.entries as Record<string, string>)), hostileString);
    case 'literal':
      return fc.oneof(fc.constantFrom(...(d.values as unknown[])), junk);
    case 'array':
      return fc.array(inner(d.element), { maxLength: 5 });
    case 'record':
      return fc.dictionary(hostileString, inner(d.valueType), { maxKeys: 3 });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return inner(d.innerType);
    case 'pipe':
      return inner(d.in);
    case 'union':
      return fc.oneof(...(d.options as unknown[]).map((o) => inner(o)));
    default:
      return junk;
  }
}

/** A path or query value: what a client could put in a URL, percent-encoded as it would be (or not). */
export const urlValue = (value: unknown): string => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text.slice(0, 2000));
  } catch {
    // A lone surrogate cannot be percent-encoded as UTF-8: send it as the bytes a broken client would.
    return '%ED%A0%80';
  }
};
