// Malformed inputs for the API fuzz test (tests/worker/app/fuzz.test.ts): a seeded generator, examples
// built from the OpenAPI document's schemas, and the ways each kind of input goes wrong.

export { seeded } from './worker-seeded';

export function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  format?: string;
  $ref?: string;
}

/** A plausible valid value of a schema: the starting point that mutations break one part of. */
export function exampleOf(schema: Schema, resolve: (ref: string) => Schema): unknown {
  if (schema.$ref) return exampleOf(resolve(schema.$ref), resolve);
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return exampleOf(choices[0]!, resolve);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          /email/i.test(key) ? 'fuzz@example.test' : exampleOf(value, resolve),
        ]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => exampleOf(schema.items ?? {}, resolve));
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.test';
      return 'fuzzvalue'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ufeff',
  '\u202e\u202d',
  'e\u0301\u0302\u0303',
  '𝕏🤔👩‍👩‍👧',
  '\ud800',
  'x'.repeat(100_000),
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '%00%ZZ',
  'null',
  '1e309',
  'javascript:alert(1)',
  'https://user:pass@example.org/',
  'media://../../secret',
  '"\\',
  'l’avion AC/DC R&B',
] as const;

export const ODD_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  -1e308,
  1e308,
  [],
  [1, 'a', null],
  {},
  { nested: { deeper: [{}] } },
  Array.from({ length: 200 }, (_, i) => i),
  ...ODD_STRINGS,
];

/** Bodies that are not JSON, or JSON no handler expects, as raw text. */
export const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'nul',
  '\u0000',
  '{}}',
  '\ufeff{}',
  '[]',
  'null',
  '"text"',
  '12',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"x":"${'y'.repeat(300_000)}"}`,
  '{"x":1e999}',
] as const;

/** Path parameter values that are not ids, are not anyone's, or break the address. */
export const BAD_IDS = [
  '0',
  '-1',
  '1.5',
  'abc',
  '1e3',
  '9007199254740993',
  '99999999999999999999999',
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '%20',
  '0x10',
  '999999',
  'null',
  '%F0%9F%A4%94',
  '1%2F2',
] as const;

/** Query values for any parameter: broken encodings, huge, odd numbers. */
export const BAD_QUERY_VALUES = [
  '',
  '%',
  '%ZZ',
  '%00',
  '%E0%A4%A',
  'x'.repeat(5000),
  '-1',
  '0',
  '1e309',
  '1.5',
  'abc',
  '%F0%9F%A4%94',
  'null',
  '%22%27%5C',
] as const;

/** Query strings sent to any operation. */
export const JUNK_QUERIES = ['%', 'a=%E0%A4%A&a=1&a[]=2', '__proto__=1&constructor=2', 'x=1&'.repeat(500), '&&&=&=', 'q'] as const;
