// Paths that answer differently by caller, checked for every caller: the item edit view (the one way
// level 4 reaches anyone, and only the owner), the collection image, and a property's deletion summary.
import { describe, expect, it } from 'vitest';
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import { ADMIN, call, createUser, errorCode, imageForm, PNG_BYTES, signIn } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';

async function catalogue(collectionVisibility = 0) {
  const owner = await createUser();
  const stranger = await createUser();
  const c = await createCollection(owner.token, { name: 'Cabinet', visibility: collectionVisibility });
  await addProperty(owner.token, c.id, { label: 'Name', type: 'text', isTitle: true });
  await addProperty(owner.token, c.id, { label: 'Signed in', type: 'text', visibility: 1 });
  await addProperty(owner.token, c.id, { label: 'Notes', type: 'text', visibility: 3 });
  await addProperty(owner.token, c.id, { label: 'Secret', type: 'text', visibility: 4 });
  const values = { name: 'x', signed_in: 'members', notes: 'mine', secret: 'nobody' };
  const item = async (visibility: number | null) => addItem(owner.token, c.id, { visibility, values });
  return {
    owner,
    stranger,
    c,
    items: { everyone: await item(null), signedIn: await item(1), onlyMe: await item(3), nobody: await item(4) },
  };
}

describe('GET /collections/:id/items/:iid?edit=true', () => {
  it('shows the owner every value, level 4 included, and only there', async () => {
    const { owner, c, items } = await catalogue();
    const path = (id: number, edit = '') => `/api/v1/collections/${c.id}/items/${id}${edit}`;
    const edited = await getJson<Item>(path(items.everyone.id, '?edit=true'), owner.token);
    expect(Object.keys(edited.values).sort()).toEqual(['name', 'notes', 'secret', 'signed_in']);
    expect(edited.isOwner).toBe(true);
    expect(Object.keys((await getJson<Item>(path(items.everyone.id), owner.token)).values).sort()).toEqual(['name', 'notes', 'signed_in']);
    expect((await getJson<Item>(path(items.nobody.id, '?edit=true'), owner.token)).values.secret).toBe('nobody');
    expect((await call(path(items.nobody.id), { token: owner.token })).status).toBe(404);
    expect((await call(path(items.nobody.id, '?edit=false'), { token: owner.token })).status).toBe(404);
  });

  it('reveals nothing more to a stranger, the administrator or an anonymous visitor', async () => {
    const { c, stranger, items } = await catalogue();
    const admin = await signIn(ADMIN.login, ADMIN.password);
    const path = (id: number) => `/api/v1/collections/${c.id}/items/${id}?edit=true`;
    for (const [name, token] of [
      ['stranger', stranger.token],
      ['administrator', admin],
    ] as const) {
      const item = await getJson<Item>(path(items.everyone.id), token);
      expect(item.values, name).toEqual({ name: 'x', signed_in: 'members' });
      expect(item.isOwner, name).toBe(false);
      expect((await getJson<Item>(path(items.signedIn.id), token)).values, name).toEqual({ name: 'x', signed_in: 'members' });
      for (const hidden of [items.onlyMe, items.nobody]) expect((await call(path(hidden.id), { token })).status, name).toBe(404);
    }
    expect((await getJson<Item>(path(items.everyone.id))).values).toEqual({ name: 'x' });
    for (const hidden of [items.signedIn, items.onlyMe, items.nobody]) expect((await call(path(hidden.id))).status).toBe(404);
  });

  it('keeps a collection at level 4 to its owner', async () => {
    const { owner, stranger, c, items } = await catalogue(4);
    const path = `/api/v1/collections/${c.id}/items/${items.everyone.id}`;
    expect((await getJson<Item>(`${path}?edit=true`, owner.token)).values.secret).toBe('nobody');
    expect((await call(path, { token: owner.token })).status).toBe(404);
    expect((await call(`${path}?edit=true`, { token: stranger.token })).status).toBe(404);
    expect((await call(`${path}?edit=true`)).status).toBe(404);
  });

  it('refuses an edit flag that is not true or false', async () => {
    const { owner, c, items } = await catalogue();
    const res = await call(`/api/v1/collections/${c.id}/items/${items.everyone.id}?edit=yes`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe('VALIDATION_FAILED');
  });
});

describe('PUT and DELETE /collections/:id/image for the wrong caller', () => {
  async function withImage(visibility: number) {
    const owner = await createUser();
    const stranger = await createUser();
    const c = await createCollection(owner.token, { name: 'Pictured', visibility });
    const res = await call(`/api/v1/collections/${c.id}/image`, { method: 'PUT', token: owner.token, body: imageForm(PNG_BYTES) });
    const { image } = (await res.json()) as Collection;
    return { owner, stranger, c, image };
  }

  it('refuses anonymous callers, strangers, the administrator and demo mode, and keeps the image', async () => {
    for (const visibility of [0, 3]) {
      const { owner, stranger, c, image } = await withImage(visibility);
      const path = `/api/v1/collections/${c.id}/image`;
      const admin = await signIn(ADMIN.login, ADMIN.password);
      const others = visibility === 0 ? 'FORBIDDEN' : 'NOT_FOUND';
      for (const method of ['PUT', 'DELETE']) {
        const body = () => (method === 'PUT' ? imageForm(PNG_BYTES) : undefined);
        const label = `${method} at level ${visibility}`;
        expect(await errorCode(await call(path, { method, body: body() })), label).toBe('UNAUTHENTICATED');
        expect(await errorCode(await call(path, { method, body: body(), token: stranger.token })), label).toBe(others);
        expect(await errorCode(await call(path, { method, body: body(), token: admin })), label).toBe(others);
        expect(await errorCode(await call(path, { method, body: body(), token: owner.token, env: { DEMO_MODE: 'true' } })), label).toBe(
          'DEMO_MODE',
        );
      }
      expect((await getJson<Collection>(`/api/v1/collections/${c.id}`, owner.token)).image).toBe(image);
      expect((await call(`/media/${image!.slice('media://'.length)}`, { token: owner.token })).status).toBe(200);
    }
  });

  it('lets the owner replace and remove it', async () => {
    const { owner, c, image } = await withImage(0);
    const path = `/api/v1/collections/${c.id}/image`;
    const replaced = (await (await call(path, { method: 'PUT', token: owner.token, body: imageForm(PNG_BYTES) })).json()) as Collection;
    expect(replaced.image).not.toBe(image);
    expect((await call(`/media/${image!.slice('media://'.length)}`, { token: owner.token })).status).toBe(404);
    const removed = await call(path, { method: 'DELETE', token: owner.token });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as Collection).image).toBeNull();
  });
});

describe('GET /collections/:id/properties/:pid/deletion', () => {
  it('answers the owner, and nobody else', async () => {
    const { owner, stranger, c } = await catalogue();
    const props = await getJson<{ properties: { id: number; key: string }[] }>(`/api/v1/collections/${c.id}/properties`, owner.token);
    const secret = props.properties.find((p) => p.key === 'secret')!;
    const path = `/api/v1/collections/${c.id}/properties/${secret.id}/deletion`;
    expect(await getJson<{ valueCount: number }>(path, owner.token)).toEqual({ valueCount: 4 });
    const anonymous = await call(path);
    expect(anonymous.status).toBe(401);
    expect(await errorCode(anonymous)).toBe('UNAUTHENTICATED');
    expect(await errorCode(await call(path, { token: stranger.token }))).toBe('FORBIDDEN');
    expect((await call(path, { token: owner.token, env: { DEMO_MODE: 'true' } })).status).toBe(200);
    expect((await call(`/api/v1/collections/${c.id}/properties/999999/deletion`, { token: owner.token })).status).toBe(404);
  });
});
