// ETag and If-Match on items, collections and properties: answers carry the row's version as a strong
// entity tag ("v<version>"), and edits and deletions that send If-Match are made from that version only
// (412 PRECONDITION_FAILED otherwise, nothing written), through the same conditional write as a body's
// `version`. Without the header, edits behave as before.
import { describe, expect, it } from 'vitest';
import { call, createUser, errorCode } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';

interface Versioned {
  version: number;
}

/** One kind of row: where it is read and edited, an edit, and what the edit changes. */
interface Kind {
  name: string;
  /** A fresh row of this kind, its owner's token, and its address. */
  make: () => Promise<{ token: string; path: string }>;
  /** An edit body; `n` makes each one different. */
  edit: (n: number) => Record<string, unknown>;
  /** What the edit changes, as read back. */
  shown: (row: Record<string, unknown>) => unknown;
}

async function books() {
  const owner = await createUser();
  const collection = await createCollection(owner.token, { name: 'Books' });
  const title = await addProperty(owner.token, collection.id, { label: 'Title', type: 'text', isTitle: true });
  return { owner, collection, title };
}

const KINDS: Kind[] = [
  {
    name: 'item',
    make: async () => {
      const { owner, collection } = await books();
      const item = await addItem(owner.token, collection.id, { values: { title: 'Dune' } });
      return { token: owner.token, path: `/api/v1/collections/${collection.id}/items/${item.id}` };
    },
    edit: (n) => ({ values: { title: `Dune ${n}` } }),
    shown: (row) => (row.values as Record<string, unknown>).title,
  },
  {
    name: 'collection',
    make: async () => {
      const { owner, collection } = await books();
      return { token: owner.token, path: `/api/v1/collections/${collection.id}` };
    },
    edit: (n) => ({ name: `Books ${n}` }),
    shown: (row) => row.name,
  },
  {
    name: 'property',
    make: async () => {
      const { owner, collection, title } = await books();
      return { token: owner.token, path: `/api/v1/collections/${collection.id}/properties/${title.id}` };
    },
    edit: (n) => ({ label: `Title ${n}` }),
    shown: (row) => row.label,
  },
];

async function read(path: string, token: string) {
  const res = await call(path, { token });
  expect(res.status, path).toBe(200);
  return { etag: res.headers.get('etag'), row: (await res.json()) as Versioned & Record<string, unknown> };
}

function patch(path: string, token: string, json: Record<string, unknown>, ifMatch?: string, lang?: string) {
  return call(path, { method: 'PATCH', token, json, lang, headers: ifMatch === undefined ? {} : { 'If-Match': ifMatch } });
}

describe.each(KINDS)('If-Match on a $name', (kind) => {
  it('answers reads and edits with the version as a strong ETag', async () => {
    const { token, path } = await kind.make();
    const { etag, row } = await read(path, token);
    expect(etag).toBe(`"v${row.version}"`);
    const res = await patch(path, token, kind.edit(1));
    expect(res.status).toBe(200);
    const edited = (await res.json()) as Versioned;
    expect(edited.version).toBe(row.version + 1);
    expect(res.headers.get('etag')).toBe(`"v${edited.version}"`);
    expect((await read(path, token)).etag).toBe(`"v${edited.version}"`);
  });

  it('writes an edit whose If-Match names the current version, and refuses a stale one with 412, writing nothing', async () => {
    const { token, path } = await kind.make();
    const first = await read(path, token);
    const ok = await patch(path, token, kind.edit(1), first.etag!);
    expect(ok.status).toBe(200);
    expect(kind.shown((await ok.json()) as Record<string, unknown>)).toBe(kind.shown({ ...first.row, ...kind.edit(1) }));
    const now = await read(path, token);
    expect(now.etag).not.toBe(first.etag);

    for (const lang of ['en_US', 'fr_FR']) {
      const stale = await patch(path, token, kind.edit(2), first.etag!, lang);
      expect(stale.status).toBe(412);
      const body = (await stale.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('PRECONDITION_FAILED');
      expect(body.error.message).toMatch(lang === 'fr_FR' ? /rien n’a été enregistré/ : /nothing was written/);
    }
    // A list of tags passes when one of them is current; weak tags never match (strong comparison).
    expect((await patch(path, token, kind.edit(3), `"v999", W/${now.etag!}`)).status).toBe(412);
    const after = await read(path, token);
    expect(after.row).toEqual(now.row);
    expect((await patch(path, token, kind.edit(4), `"v999" , ${now.etag!}`)).status).toBe(200);
  });

  it('lets exactly one of two edits made from the same ETag through', async () => {
    const { token, path } = await kind.make();
    const { etag } = await read(path, token);
    const results = await Promise.all([1, 2].map((n) => patch(path, token, kind.edit(n), etag!)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = (await results.find((r) => r.status === 200)!.json()) as Record<string, unknown>;
    expect(kind.shown((await read(path, token)).row)).toBe(kind.shown(winner));
  });

  it('matches any version with If-Match: *, and keeps last-write-wins without the header', async () => {
    const { token, path } = await kind.make();
    const { row } = await read(path, token);
    const any = await patch(path, token, kind.edit(1), '*');
    expect(any.status).toBe(200);
    expect(((await any.json()) as Versioned).version).toBe(row.version + 1);
    const none = await patch(path, token, kind.edit(2));
    expect(none.status).toBe(200);
    expect(((await none.json()) as Versioned).version).toBe(row.version + 2);
    // The body's version works as before: a stale one is 409 STALE_WRITE, even beside If-Match: *.
    const stale = await patch(path, token, { ...kind.edit(3), version: row.version }, '*');
    expect(stale.status).toBe(409);
    expect(await errorCode(stale)).toBe('STALE_WRITE');
  });

  it('refuses a malformed If-Match with 400, and one naming another version than the body with 412', async () => {
    const { token, path } = await kind.make();
    const { row, etag } = await read(path, token);
    for (const header of ['v1', `"v${row.version}`, 'abc', `${etag!} junk`, '*, "v1"']) {
      const res = await patch(path, token, kind.edit(1), header);
      expect(res.status, header).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { fields: { path: string; reason: string }[] } } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details.fields[0]).toMatchObject({ path: 'if-match', reason: 'invalid_format' });
    }
    const disagree = await patch(path, token, { ...kind.edit(1), version: row.version + 1 }, etag!);
    expect(disagree.status).toBe(412);
    expect(await errorCode(disagree)).toBe('PRECONDITION_FAILED');
    expect((await read(path, token)).row).toEqual(row);
    // Both naming the current version: written.
    expect((await patch(path, token, { ...kind.edit(2), version: row.version }, etag!)).status).toBe(200);
  });

  it('deletes only the version If-Match names', async () => {
    const { token, path } = await kind.make();
    const first = await read(path, token);
    expect((await patch(path, token, kind.edit(1))).status).toBe(200);
    const stale = await call(path, { method: 'DELETE', token, headers: { 'If-Match': first.etag! } });
    expect(stale.status).toBe(412);
    expect(await errorCode(stale)).toBe('PRECONDITION_FAILED');
    const now = await read(path, token);
    expect(now.row.version).toBe(first.row.version + 1);
    expect((await call(path, { method: 'DELETE', token, headers: { 'If-Match': 'nonsense' } })).status).toBe(400);
    expect((await call(path, { method: 'DELETE', token, headers: { 'If-Match': now.etag! } })).status).toBe(204);
    expect((await call(path, { token })).status).toBe(404);
    // Gone: If-Match: * finds nothing to match.
    expect((await call(path, { method: 'DELETE', token, headers: { 'If-Match': '*' } })).status).toBe(404);
  });
});

describe('If-Match in the OpenAPI document', () => {
  it('documents the header, the 412 and the ETag of each row kind', async () => {
    const doc = (await (await call('/api/v1/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> }>
      >;
    };
    const rows = ['/collections/{id}', '/collections/{id}/items/{iid}', '/collections/{id}/properties/{pid}'];
    for (const path of rows) {
      for (const method of ['patch', 'delete']) {
        const op = doc.paths[path]![method]!;
        // Header names are case-insensitive; the document spells them as requests are validated.
        expect(
          op.parameters?.map((p) => `${p.in} ${p.name.toLowerCase()}`),
          `${method} ${path}`,
        ).toContain('header if-match');
        expect(op.responses['412'], `${method} ${path}`).toBeDefined();
      }
      expect(doc.paths[path]!.get!.responses['200']!.headers, `get ${path}`).toHaveProperty('ETag');
      expect(doc.paths[path]!.patch!.responses['200']!.headers, `patch ${path}`).toHaveProperty('ETag');
    }
  });
});
