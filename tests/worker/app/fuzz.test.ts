// Bad input never yields a 5xx. Every operation of the app's own OpenAPI document is called with
// malformed input (path ids, query strings, JSON and multipart bodies, content types) by an anonymous
// visitor, a signed-in stranger, the owner of the resources, the administrator and broken tokens;
// every answer must be below 500, and every error must be the envelope {error: {code, message}}.
// Requests come from a seeded generator (the same ones every run, about 3,000 in all); a failure lists
// each offending request. Writes other than reads aim at scratch resources, and deletions run last,
// so the reads keep their data.
import type { Env } from '@worker/env';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/errors';
import { createApp } from '@worker/app';
import {
  BAD_IDS,
  BAD_QUERY_VALUES,
  exampleOf,
  hashOf,
  JUNK_QUERIES,
  ODD_STRINGS,
  ODD_VALUES,
  RAW_BODIES,
  type Schema,
  seeded,
} from '../../support/worker-fuzz-inputs';
import { ADMIN, call, createUser, imageForm, PNG_BYTES, signIn } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string; schema: Schema }[];
  body: { type: 'json' | 'multipart'; schema: Schema } | null;
}

interface Case {
  path: string;
  query?: string;
  body?: BodyInit;
  contentType?: string;
  note: string;
}

type CallerName = 'anonymous' | 'stranger' | 'owner' | 'admin' | 'forged' | 'malformed';

const doc = (await (await call('/api/v1/openapi.json')).json()) as {
  paths: Record<
    string,
    Record<string, { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
};
const resolve = (ref: string): Schema => doc.components?.schemas?.[ref.split('/').pop()!] ?? {};

/** Reads first, then writes, then deletions (the collection's after its parts), signing out last. */
function rank(op: Operation): number {
  if (op.method === 'DELETE' && op.path === '/token') return 9;
  if (op.method === 'DELETE') return 5 - op.path.split('/').length / 10;
  return op.method === 'GET' ? 0 : 1;
}

const operations: Operation[] = Object.entries(doc.paths)
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => {
      const content = spec.requestBody?.content ?? {};
      const json = content['application/json'];
      const multipart = content['multipart/form-data'];
      const body: Operation['body'] = json
        ? { type: 'json', schema: json.schema }
        : multipart
          ? { type: 'multipart', schema: multipart.schema }
          : null;
      return { method: method.toUpperCase(), path, params: spec.parameters ?? [], body };
    }),
  )
  .sort((a, b) => rank(a) - rank(b));

const fixtures = {
  tokens: {} as Record<CallerName, string | undefined>,
  ids: { read: {} as Record<string, number>, write: {} as Record<string, number> },
  propertyKeys: [] as string[],
  mediaKey: '',
};

function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as its UTF-8 bytes would be written
  }
}

beforeAll(async () => {
  const admin = await signIn(ADMIN.login, ADMIN.password);
  const owner = await createUser();
  const stranger = await createUser();
  const scratchUser = await createUser();
  // The scratch collection comes first: ids such as " 1" or "1.0" that coerce to 1 land on it.
  const scratch = await createCollection(owner.token, { name: 'Scratch', visibility: 0 });
  const scratchProp = await addProperty(owner.token, scratch.id, { label: 'Name', type: 'text', isTitle: true });
  const scratchItem = await addItem(owner.token, scratch.id, { values: { name: 'scratch' } });
  const main = await createCollection(owner.token, { name: 'Main', visibility: 0 });
  const title = await addProperty(owner.token, main.id, {
    label: 'Name',
    type: 'text',
    isTitle: true,
    searchable: true,
    filterable: true,
    sortable: true,
  });
  const specs = [
    { label: 'Year', type: 'number', filterable: true, sortable: true },
    { label: 'Stars', type: 'rating', filterable: true },
    { label: 'Day', type: 'date', filterable: true, sortable: true },
    { label: 'At', type: 'datetime', filterable: true },
    { label: 'Done', type: 'yesno', filterable: true },
    { label: 'Tags', type: 'text', multiple: true, filterable: true },
    { label: 'Site', type: 'url' },
    { label: 'Picture', type: 'image' },
    { label: 'Notes', type: 'text', visibility: 3, searchable: true, filterable: true },
    { label: 'Secret', type: 'text', visibility: 4, filterable: true },
  ];
  for (const spec of specs) await addProperty(owner.token, main.id, spec);
  const upload = await call(`/api/v1/collections/${main.id}/media`, { method: 'POST', token: owner.token, body: imageForm(PNG_BYTES) });
  const picture = ((await upload.json()) as { value: string }).value;
  const values = {
    name: 'Dune',
    year: 1965,
    stars: 4.5,
    day: '1965-08-01',
    at: '1965-08-01T10:00:00Z',
    done: true,
    tags: ['sf', 'desert'],
    site: 'https://example.org',
    picture,
    notes: 'n',
    secret: 's',
  };
  const item = await addItem(owner.token, main.id, { values });
  await addItem(owner.token, main.id, { values: { name: 'Hidden' }, visibility: 4 });
  const hidden = await createCollection(owner.token, { name: 'Private', visibility: 3 });
  fixtures.tokens = {
    anonymous: undefined,
    stranger: stranger.token,
    owner: owner.token,
    admin,
    // The owner's token with its signature changed, and something that is not a token at all.
    forged: `${owner.token.slice(0, -4)}AAAA`,
    malformed: 'not a token',
  };
  fixtures.ids.read = { user: stranger.user.id, collection: main.id, other: hidden.id, pid: title.id, iid: item.id };
  fixtures.ids.write = { user: scratchUser.user.id, collection: scratch.id, other: scratch.id, pid: scratchProp.id, iid: scratchItem.id };
  fixtures.propertyKeys = ['name', ...specs.map((s) => s.label.toLowerCase())];
  fixtures.mediaKey = picture.slice('media://'.length);
});

function validPath(op: Operation, overrides: Record<string, string> = {}, rng?: ReturnType<typeof seeded>): string {
  const ids = op.method === 'GET' ? fixtures.ids.read : fixtures.ids.write;
  return `/api/v1${op.path}`.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name in overrides) return overrides[name]!;
    if (name === 'id') return String(op.path.startsWith('/users') ? ids.user : rng && rng.next() < 0.2 ? ids.other : ids.collection);
    return String(ids[name]);
  });
}

function jsonCases(op: Operation, rng: ReturnType<typeof seeded>): Case[] {
  const schema = op.body!.schema.$ref ? resolve(op.body!.schema.$ref) : op.body!.schema;
  const base = exampleOf(schema, resolve) as Record<string, unknown>;
  const path = validPath(op);
  const json = (value: unknown, note: string): Case => ({ path, body: JSON.stringify(value), contentType: 'application/json', note });
  const cases = [json(base, 'valid'), json({}, 'empty object')];
  for (const key of schema.required ?? []) cases.push(json({ ...base, [key]: undefined }, `without ${key}`));
  for (const key of Object.keys(schema.properties ?? {})) {
    for (const odd of rng.sample(ODD_VALUES, 3)) cases.push(json({ ...base, [key]: odd }, `${key} odd`));
  }
  if ('values' in (schema.properties ?? {})) {
    for (const key of fixtures.propertyKeys) {
      for (const odd of rng.sample(ODD_VALUES, 2)) cases.push(json({ ...base, values: { [key]: odd } }, `values.${key} odd`));
    }
    cases.push(json({ ...base, values: { tags: Array.from({ length: 51 }, (_, i) => `t${i}`), nope: 1 } }, 'too many values'));
    cases.push(
      json({ ...base, values: Object.fromEntries(fixtures.propertyKeys.map((k) => [k, rng.pick(ODD_STRINGS)])) }, 'every value odd'),
    );
  }
  cases.push(json({ ...base, unexpected: 'field' }, 'extra field'));
  for (const raw of rng.sample(RAW_BODIES, 8))
    cases.push({ path, body: raw, contentType: 'application/json', note: `raw ${raw.slice(0, 20)}` });
  const text = JSON.stringify(base);
  cases.push(
    { path, body: text, contentType: 'text/plain', note: 'text/plain' },
    { path, body: 'a=1&b=%ZZ', contentType: 'application/x-www-form-urlencoded', note: 'form' },
    {
      path,
      body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zzz--',
      contentType: 'multipart/form-data; boundary=zzz',
      note: 'multipart',
    },
    { path, body: text, contentType: 'application/json; charset=utf-16', note: 'utf-16' },
    { path, contentType: 'application/json', note: 'no body' },
    { path, body: text, contentType: 'APPLICATION/JSON', note: 'upper-case type' },
  );
  return cases;
}

function multipartCases(op: Operation): Case[] {
  const path = validPath(op);
  const form = (entries: [string, string | File][], note: string): Case => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return { path, body: data, note };
  };
  const garbage = new Uint8Array(2048).map((_, i) => (i * 7919) % 256);
  return [
    form([['file', new File([PNG_BYTES], 'a.png', { type: 'image/png' })]], 'valid'),
    form([['file', new File([garbage], '../../x\u0000.png', { type: 'image/png' })]], 'garbage file'),
    form([['file', new File([], 'empty.png')]], 'empty file'),
    form([['file', 'just text']], 'file as text'),
    form(
      [
        ['file', new File([PNG_BYTES], 'a.png')],
        ['file', new File([PNG_BYTES], 'b.png')],
      ],
      'two files',
    ),
    form(
      [
        ['file', new File([PNG_BYTES], 'a.png')],
        ['thumbnail', new File([garbage], 't')],
      ],
      'garbage thumbnail',
    ),
    form([['other', 'x']], 'no file'),
    form([['file', new File([new Uint8Array(6 * 1024 * 1024)], 'big.png')]], 'too large'),
    { path, body: 'garbage', contentType: 'multipart/form-data', note: 'no boundary' },
    {
      path,
      body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
      contentType: 'multipart/form-data; boundary=b',
      note: 'unterminated',
    },
    { path, body: '{}', contentType: 'application/json', note: 'json' },
    { path, note: 'no body' },
  ];
}

/** Filters, sorts and pages for the list operations, each in a broken or extreme form. */
function listQueries(rng: ReturnType<typeof seeded>): string[] {
  const many = (key: string, make: (i: number) => string) =>
    Array.from({ length: 150 }, (_, i) => `${key}=${safeEncode(make(i))}`).join('&');
  const queries = [
    many('f.year', (i) => String(1900 + i)),
    many('f.stars', (i) => String((i % 11) / 2)),
    many('f.day', (i) => new Date(Date.UTC(1960, 0, 1 + i)).toISOString().slice(0, 10)),
    many('f.at', (i) => new Date(Date.UTC(1960, 0, 1 + i)).toISOString()),
    many('f.done', (i) => (i % 2 ? 'true' : 'false')),
    many('f.tags', (i) => `tag ${i}`),
    many('f.name', (i) => rng.pick(ODD_STRINGS).slice(0, 50) + i),
    many('f.secret', (i) => `s${i}`),
    'f.unknown=1',
    'f.=1&min.=2&max.=3',
    'min.year=1&min.year=2',
    'min.name=1',
    'max.day=yesterday',
    'f.done=maybe',
    'f.year=abc',
    `sort=${rng.pick(fixtures.propertyKeys)}&dir=sideways`,
    'sort=secret&dir=asc',
    'sort=unknown',
    'page=0',
    'page=100001',
    'page=1.5',
    'perPage=7',
    'perPage=ALL',
    'perPage=all&page=99999',
    fixtures.propertyKeys.map((k) => `f.${k}=1&min.${k}=0&max.${k}=9&sort=${k}`).join('&'),
  ];
  for (const text of ODD_STRINGS) queries.push(`q=${safeEncode(text.slice(0, 300))}`);
  return queries;
}

function queryCases(op: Operation, rng: ReturnType<typeof seeded>): Case[] {
  const path = validPath(op, {}, rng);
  const declared = op.params.filter((p) => p.in === 'query');
  const cases: Case[] = [];
  for (const param of declared) {
    for (const value of rng.sample(BAD_QUERY_VALUES, 4)) cases.push({ path, query: `${param.name}=${value}`, note: `${param.name} bad` });
    cases.push({ path, query: `${param.name}=a&${param.name}=b&${param.name}[]=c`, note: `${param.name} repeated` });
  }
  if (declared.some((p) => p.name === 'q')) for (const query of listQueries(rng)) cases.push({ path, query, note: 'list query' });
  for (const query of rng.sample(JUNK_QUERIES, 2)) cases.push({ path, query, note: 'junk query' });
  return cases;
}

function casesFor(op: Operation, rng: ReturnType<typeof seeded>): Case[] {
  const bodyCases =
    op.body?.type === 'json'
      ? jsonCases(op, rng)
      : op.body?.type === 'multipart'
        ? multipartCases(op)
        : [{ path: validPath(op, {}, rng), note: 'valid' }];
  const base = bodyCases[0]!;
  const cases = [...bodyCases];
  for (const param of op.params.filter((p) => p.in === 'path')) {
    for (const id of rng.sample(BAD_IDS, 8))
      cases.push({ ...base, path: validPath(op, { [param.name]: id }), note: `${param.name}=${id}` });
  }
  cases.push(
    { ...base, path: `${base.path}/zzz`, note: 'extra segment' },
    { ...base, path: base.path.replace('/api/v1/', '/api/v1//'), note: 'double slash' },
  );
  cases.push(...queryCases(op, rng));
  if (op.method === 'DELETE') cases.push({ ...base, body: '{"a":', contentType: 'application/json', note: 'body on delete' });
  // Deleting for real is the valid case: it goes last, so the other cases still find the resource.
  return op.method === 'DELETE' ? [...cases.slice(1), base] : cases;
}

interface Sent {
  method: string;
  caller: CallerName;
  demo?: boolean;
  language?: string;
}

/** What went wrong with one answer, or null. */
async function problemOf(c: Case, sent: Sent): Promise<string | null> {
  const headers: Record<string, string> = {};
  if (c.contentType) headers['Content-Type'] = c.contentType;
  if (sent.language) headers['Content-Language'] = sent.language;
  const token = fixtures.tokens[sent.caller];
  if (token) headers.Authorization = sent.caller === 'malformed' ? token : `Bearer ${token}`;
  const env: Partial<Env> | undefined = sent.demo ? { DEMO_MODE: 'true' } : undefined;
  const url = c.query ? `${c.path}?${c.query}` : c.path;
  const shown = url.length > 400 ? `${url.slice(0, 300)}…(${url.length} characters)…${url.slice(-80)}` : url;
  const res = await call(url, { method: sent.method, headers, body: c.body, env });
  const text = await res.text();
  const describe = (why: string) =>
    `${sent.method} ${shown} as ${sent.caller}${sent.demo ? ' (demo)' : ''} [${c.note}] ` +
    `${c.contentType ?? ''} ${typeof c.body === 'string' ? c.body.slice(0, 120) : c.body ? '<form>' : ''} → ${res.status} ${why}: ${text.slice(0, 300)}`;
  if (res.status >= 500) return describe('server error');
  if (res.status === 405 && !res.headers.get('allow')) return describe('no Allow header');
  // HEAD answers carry no body, so no envelope either.
  if (res.status < 400 || sent.method === 'HEAD') return null;
  let body: { error?: { code?: unknown; message?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return describe('error without the envelope');
  }
  const { code, message } = body.error ?? {};
  if (typeof code !== 'string' || !(ERROR_CODES as string[]).includes(code) || typeof message !== 'string' || message === '') {
    return describe('malformed envelope');
  }
  return null;
}

const CALLERS: CallerName[] = ['anonymous', 'stranger', 'owner', 'admin', 'forged', 'malformed'];

describe('media and other addresses, fuzzed', () => {
  it('answer media addresses in any form without a server error', async () => {
    const rng = seeded(7);
    const key = fixtures.mediaKey;
    const paths = [
      `/media/${key}`,
      `/media/${key}?size=thumb`,
      `/media/${key}?t=${'x'.repeat(300)}`,
      `/media/${key}?t=a.b.c&t=d`,
      `/media/${key.replace('/', '%2F')}`,
      `/media/${key}%00`,
      '/media/',
      '/media',
      '/media/avatars/',
      '/media/avatars/..%2F..%2Fcollections%2F1%2Fx.png',
      '/media/collections/abc/x.png',
      '/media/collections/99999999999999999999/x.png',
      '/media/collections/1/../../x',
      `/media/${'a/'.repeat(500)}`,
      ...BAD_IDS.map((id) => `/media/collections/${id}/x.png`),
      ...BAD_QUERY_VALUES.map((v) => `/media/${v}`),
    ];
    const problems: string[] = [];
    for (const path of paths) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        const problem = await problemOf(
          { path, note: 'media', body: method === 'POST' ? 'x' : undefined },
          { method, caller: rng.pick(['anonymous', 'owner', 'stranger', 'forged'] as const) },
        );
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answer other addresses without a server error, and API ones with the envelope', async () => {
    const paths = [
      '/',
      '/collections',
      '/collection/1',
      '/collection/1/item/1',
      '/collection/99999999999999999999',
      '/collection/%ZZ',
      '/%',
      '/%E0%A4%A',
      '/api',
      '/api/',
      '/api/v1/../v1/users',
      '/API/V1/USERS',
      '/api/v2',
      '/api/v1/%',
      '/api/v1/collections/%ZZ/items',
      '/__scheduled',
      `/${'x/'.repeat(1000)}`,
    ];
    const problems: string[] = [];
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'DELETE', 'OPTIONS']) {
        const problem = await problemOf(
          { path, note: 'address', body: method === 'POST' ? '{}' : undefined },
          { method, caller: 'anonymous' },
        );
        // The web app's files are the assets' answer, not the Worker's: only the API must use the envelope.
        if (problem && (path.startsWith('/api') || method !== 'GET' || problem.includes('server error'))) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('every API operation, fuzzed', () => {
  it('leaves no operation out: every route the app answers under /api/v1 is in the document', () => {
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const answered = createApp()
      .routes.filter((route) => route.path.startsWith('/api/v1/') && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.slice('/api/v1'.length).replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`);
    expect(answered.length).toBeGreaterThan(100);
    // The document itself is the one address it does not describe.
    expect(answered.filter((operation) => !documented.has(operation) && operation !== 'GET /openapi.json')).toEqual([]);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', async (name, op) => {
    const rng = seeded(hashOf(name));
    const cases = casesFor(op, rng);
    const problems: string[] = [];
    const check = async (c: Case, sent: Sent) => {
      const problem = await problemOf(c, sent);
      if (problem) problems.push(problem);
    };
    const valid = cases.find((c) => c.note === 'valid')!;
    for (const caller of ['anonymous', 'stranger', 'admin'] as const) await check(valid, { method: op.method, caller });
    await check(valid, { method: op.method, caller: 'owner', demo: true });
    // Each case reaches the handler as the caller entitled to it, and is also tried by someone else.
    const entitled: CallerName = op.path.startsWith('/users') ? 'admin' : 'owner';
    const others = CALLERS.filter((caller) => caller !== entitled);
    for (const c of cases) {
      await check(c, { method: op.method, caller: entitled });
      await check(c, { method: op.method, caller: rng.pick(others), language: rng.pick(['fr_FR', 'en_US', 'xx', '%%']) });
    }
    for (const method of ['HEAD', 'OPTIONS', 'PROPFIND'])
      await check({ path: valid.path, note: 'other method' }, { method, caller: entitled });
    expect(problems).toEqual([]);
  });
});
