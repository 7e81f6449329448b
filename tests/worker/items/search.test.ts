// Search accepts any text a person can type. Each word of a query must be exactly one token of the
// index's tokenizer (unicode61): a word the index cuts in two becomes a phrase, which the index refuses.
// The first part checks the query splitter against the tokenizer itself; the second, nasty input
// through the API: every search answers 200 and still finds what it should.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemPage } from '@shared/schemas/items';
import { unicode61Words } from '@worker/lib/unicode61';
import { call, createUser } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';

/** Code points to compare: every one below U+3000 (Latin to Indic and Thai), then a spread to the end. */
function sampleCodePoints(): number[] {
  const points: number[] = [];
  for (let c = 1; c < 0x3000; c++) points.push(c);
  for (let c = 0x3000; c < 0x40000; c += 89) if (c < 0xd800 || c > 0xdfff) points.push(c);
  for (const c of [0x1f600, 0x1f914, 0x1faf0, 0xe0001, 0xe0041, 0xe0100, 0xe01ef, 0xe01f0, 0xf0000, 0x10fffd]) points.push(c);
  return points;
}

describe('the query splitter', () => {
  it('cuts text exactly where the index tokenizer does', async () => {
    // Same tokenizer as items_search, with positions so the tokens come back in order.
    await env.DB.exec("CREATE VIRTUAL TABLE probe USING fts5(text, tokenize = 'unicode61 remove_diacritics 2')");
    await env.DB.exec('CREATE VIRTUAL TABLE probe_tokens USING fts5vocab(probe, instance)');
    const points = sampleCodePoints();
    const PER_ROW = 1000;
    // Each sample: "x<c>y <c>" after a marker, so both "inside a word" and "starting a word" show.
    const sample = (c: number) => `x${String.fromCodePoint(c)}y ${String.fromCodePoint(c)}`;
    const rows = [];
    for (let start = 0; start < points.length; start += PER_ROW) {
      const text = points
        .slice(start, start + PER_ROW)
        .map((c) => `zzqzz ${sample(c)}`)
        .join(' ');
      rows.push(env.DB.prepare('INSERT INTO probe (rowid, text) VALUES (?, ?)').bind(start / PER_ROW + 1, `${text} zzqzz`));
    }
    await env.DB.batch(rows);
    const { results } = await env.DB.prepare('SELECT term, doc FROM probe_tokens ORDER BY doc, "offset"').all<{
      term: string;
      doc: number;
    }>();
    const indexed: string[][] = [];
    for (const { term } of results) {
      if (term === 'zzqzz') indexed.push([]);
      else indexed[indexed.length - 1]!.push(term);
    }
    const shape = (words: string[]) => `${words.length} ${words[0] === 'x' ? 'cut' : 'kept'}`;
    const mismatches = points
      .map((c, i) => ({ c, index: shape(indexed[i + Math.floor(i / PER_ROW)] ?? []), query: shape(unicode61Words(sample(c))) }))
      .filter((m) => m.index !== m.query)
      .map((m) => `U+${m.c.toString(16)}: index ${m.index}, query ${m.query}`);
    expect(mismatches).toEqual([]);
  });
});

describe('search with any text', () => {
  let collectionId: number;
  let ownerToken: string;
  const titles = new Map<string, number>();
  beforeAll(async () => {
    const owner = await createUser();
    ownerToken = owner.token;
    const c = await createCollection(owner.token, { name: 'Shelf', visibility: 0 });
    collectionId = c.id;
    await addProperty(owner.token, c.id, { label: 'Title', type: 'text', isTitle: true, searchable: true });
    await addProperty(owner.token, c.id, { label: 'Contact', type: 'text', searchable: true });
    await addProperty(owner.token, c.id, { label: 'Genre', type: 'text', filterable: true });
    await addProperty(owner.token, c.id, { label: 'Year', type: 'number', filterable: true });
    const items: [string, string?][] = [
      ['AC/DC Live'],
      ["L'Avion rouge"],
      ['R&B classics'],
      ['Address book', 'jean.dupont@example.org'],
      ['東京タワー'],
      ['مكتبة الإسكندرية'],
      ['Émile Zola'],
      ['🤔 thinking'],
      ['हिन्दी पुस्तक'],
      ['Ünïcödé'],
    ];
    for (const [title, contact] of items) {
      const item = await addItem(owner.token, c.id, { values: { title, contact, genre: 'Rock', year: 1980 } });
      titles.set(title, item.id);
    }
  });

  const search = (q: string, path = 'items', token?: string) =>
    call(`/api/v1/collections/${collectionId}/${path}?q=${encodeURIComponent(q)}`, { token });

  const finds: [string, string][] = [
    ['AC/DC', 'AC/DC Live'],
    ['ac dc', 'AC/DC Live'],
    ['R&B', 'R&B classics'],
    ['l’avion', "L'Avion rouge"],
    ['L‘AVION', "L'Avion rouge"],
    ["l'avion", "L'Avion rouge"],
    ['jean.dupont@example.org', 'Address book'],
    ['dupont@example', 'Address book'],
    ['東京', '東京タワー'],
    ['مكتبة', 'مكتبة الإسكندرية'],
    ['emile', 'Émile Zola'],
    ['E\u0301mile', 'Émile Zola'],
    ['🤔', '🤔 thinking'],
    ['हिन्दी', 'हिन्दी पुस्तक'],
    ['UNICODE', 'Ünïcödé'],
    ['(AC/DC) -live', 'AC/DC Live'],
  ];
  it.each(finds)('%s finds %s', async (q, title) => {
    const res = await search(q);
    expect(res.status).toBe(200);
    const page = (await res.json()) as ItemPage;
    expect(page.items.map((i) => i.title)).toContain(title);
  });

  it('accepts every French elision with a typographic apostrophe', async () => {
    for (const elided of ['l', 'd', 'j', 'm', 'n', 's', 't', 'c', 'qu', 'jusqu', 'lorsqu', 'puisqu', 'presqu', 'quoiqu']) {
      for (const apostrophe of ['’', "'", 'ʼ', '`']) {
        const q = `${elided}${apostrophe}avion`;
        expect((await search(q)).status, q).toBe(200);
        expect((await search(q, 'filters')).status, q).toBe(200);
      }
    }
  });

  const nasty = [
    'a\u0000b',
    '\u0000',
    'jean@example.org',
    '"',
    '""',
    '"AC/DC"',
    'AC"DC',
    'NEAR(ac dc)',
    'ac OR dc',
    'ac AND NOT dc',
    'title:ac',
    '{everyone}:ac',
    'everyone : ac',
    '^ac',
    '*',
    'ac*',
    '-ac',
    '+ac',
    '!!!???',
    '... --- ...',
    '\u0301\u0302\u0303',
    'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
    '😀😃😄',
    '👩‍👩‍👧‍👦',
    '🏳️‍🌈',
    'ᬅᬓ᭄ᬱᬭ',
    '\u19b0\u19b1',
    'ⅫⅣ ① ﬁ ½ x²',
    'a'.repeat(200),
    'ab '.repeat(66),
    '\u200b\u200d\ufeff',
    '\u202e\u202d',
    '\ufffd',
    '\t\n\r',
    'ŉ ǰ ΐ',
    'one two three four five six seven eight nine ten eleven twelve',
    '%00',
    '%',
    "'; DROP TABLE items; --",
    '\\',
  ];
  it.each(nasty)('answers 200 for %j on pages and filters, for every caller', async (q) => {
    for (const token of [undefined, ownerToken]) {
      for (const path of ['items', 'filters']) {
        const res = await search(q, path, token);
        expect(res.status, `${path} ${JSON.stringify(q)}`).toBe(200);
      }
    }
  });
});
