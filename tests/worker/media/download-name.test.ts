// A file value downloads under the name it was uploaded with, encoded per RFC 6266 / 8187 so any name
// survives the header; only callers who may see the value get it.
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';

const PDF = new TextEncoder().encode('%PDF-1.4 a manual');

/** The exact name a browser reads from filename* (it prefers it over filename). */
function encodedName(header: string | null): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(header ?? '')?.[1];
  return encoded ? decodeURIComponent(encoded) : null;
}

async function uploadFile(name: string, visibility = 0) {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Manuals', visibility });
  await addProperty(owner.token, c.id, { label: 'Manual', type: 'file' });
  const form = new FormData();
  form.set('file', new File([PDF], name));
  const res = await call(`/api/v1/collections/${c.id}/media`, { method: 'POST', token: owner.token, body: form });
  expect(res.status).toBe(201);
  const { value } = (await res.json()) as { value: string };
  await addItem(owner.token, c.id, { values: { manual: value } });
  return { owner, path: `/media/${value.slice('media://'.length)}` };
}

describe('file downloads keep their original name', () => {
  it('answers "Manual v2.pdf" as uploaded', async () => {
    const { path } = await uploadFile('Manual v2.pdf');
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Manual v2.pdf"; filename*=UTF-8''Manual%20v2.pdf`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
  });

  it('keeps accents, apostrophes, brackets and percent signs, with an ASCII stand-in', async () => {
    const name = 'Règles (v2) l’été #final 100%.pdf';
    const { path } = await uploadFile(name);
    const header = (await call(path)).headers.get('content-disposition');
    expect(encodedName(header)).toBe(name);
    // filename* only uses RFC 8187 attr-chars; the plain filename is printable ASCII without quotes.
    expect(/filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.test(header ?? '')).toBe(true);
    expect(header).toContain('filename="Regles (v2) l_ete #final 100_.pdf"');
  });

  it('drops a path and control characters a client may send', async () => {
    const { path } = await uploadFile('..\\..\\secret/notes\u0007.txt');
    expect(encodedName((await call(path)).headers.get('content-disposition'))).toBe('notes.txt');
  });

  it('serves a private file only to its owner', async () => {
    const { owner, path } = await uploadFile('Private.pdf', 3);
    expect((await call(path)).status).toBe(404);
    const stranger = await createUser();
    expect((await call(path, { token: stranger.token })).status).toBe(404);
    const mine = await call(path, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(encodedName(mine.headers.get('content-disposition'))).toBe('Private.pdf');
  });
});
