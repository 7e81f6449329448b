// /api/v1/openapi.json as a standard validator and a generated client read it: valid OpenAPI 3.1, and
// each `pattern` a plain ECMA-262 regular expression (no /…/flags), which compiles with the u flag.
import { Validator } from '@seriousme/openapi-schema-validator';
import OPENAPI_31 from '@seriousme/openapi-schema-validator/schemas/v3.1/schema.json';
import type * as fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../support/worker-app';

// The validator reads its OpenAPI 3.1 schema from disk, which workerd has not: it is given it from the bundle.
vi.mock('node:fs', async (original) => ({
  ...(await original<typeof fs>()),
  readFileSync: (path: string) => {
    if (String(path).endsWith('/schemas/v3.1/schema.json')) return JSON.stringify(OPENAPI_31);
    throw new Error(`not read here: ${String(path)}`);
  },
}));

const served = (await (await call('/api/v1/openapi.json')).json()) as Record<string, unknown>;
const openApiDocument = () => structuredClone(served);

/** Every `pattern` of a schema in the document, with where it is. */
function patternsOf(node: unknown, at = '#', found: { at: string; pattern: unknown }[] = []) {
  if (Array.isArray(node)) node.forEach((child, index) => patternsOf(child, `${at}/${index}`, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value !== 'object') found.push({ at, pattern: value });
      else patternsOf(value, `${at}/${key}`, found);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // And the validator does refuse what OpenAPI 3.1 does not allow.
    const broken = await new Validator().validate({ ...openApiDocument(), info: { title: 'Vitrine API' } });
    expect(broken.valid).toBe(false);
  });

  it('has only patterns a standard validator can use: plain, without flags, compiling under u', async () => {
    const patterns = patternsOf(openApiDocument());
    expect(patterns.length).toBeGreaterThan(0);
    for (const { at, pattern } of patterns) {
      expect(typeof pattern, at).toBe('string');
      // Neither /…/flags nor the flags of one left after its source (…$/i).
      expect(pattern, at).not.toMatch(/^\/.*\/[a-z]*$/s);
      expect(pattern, at).not.toMatch(/(?<!\\)\/[dgimsuvy]+$/);
      expect(() => new RegExp(pattern as string, 'u'), at).not.toThrow();
    }
  });

  it('says in its patterns what the API takes: addresses in capitals too', () => {
    const patterns = patternsOf(openApiDocument());
    const of = (name: string) =>
      patterns.filter(({ at }) => at.endsWith(`/properties/${name}`)).map(({ pattern }) => new RegExp(pattern as string, 'u'));
    const [publicUrl, host] = [of('publicUrl'), of('host')];
    expect(publicUrl.length).toBeGreaterThan(0);
    expect(host.length).toBeGreaterThan(0);
    for (const pattern of publicUrl) {
      expect(pattern.test('HTTPS://Vitrine.Example.ORG/Shelf')).toBe(true);
      expect(pattern.test('ftp://vitrine.example.org')).toBe(false);
    }
    for (const pattern of host) {
      expect(pattern.test('SMTP.Example.ORG')).toBe(true);
      expect(pattern.test('[2001:DB8::1]')).toBe(true);
      expect(pattern.test('smtp example.org')).toBe(false);
    }
  });
});
