// Items set to "Nobody" never show while browsing; their owner finds them on the manage screen through
// GET /collections/{id}/hidden-items, as do the editors and co-owners who manage the items with them;
// nobody else can list them.
import { describe, expect, it } from 'vitest';
import type { HiddenItems } from '@shared/schemas/items';
import { call, createUser, errorCode, signIn } from '../../support/worker-app';
import { addItem, addProperty, createCollection, createMember } from '../../support/worker-catalogue';

async function collectionWithHidden(visibility = 0) {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Shelf', visibility });
  await addProperty(owner.token, c.id, { label: 'Title', type: 'text', isTitle: true });
  await addProperty(owner.token, c.id, { label: 'Secret note', type: 'text', visibility: 4 });
  const shown = await addItem(owner.token, c.id, { values: { title: 'Shown' } });
  const hidden = await addItem(owner.token, c.id, { values: { title: 'Hidden one', secret_note: 'x' }, visibility: 4 });
  const onlyMe = await addItem(owner.token, c.id, { values: { title: 'Mine' }, visibility: 3 });
  return { owner, c, shown, hidden, onlyMe };
}

const path = (id: number) => `/api/v1/collections/${id}/hidden-items`;

describe('GET /collections/{id}/hidden-items', () => {
  it('lists the owner’s items set to Nobody, and only those', async () => {
    const { owner, c, hidden } = await collectionWithHidden();
    const res = await call(path(c.id), { token: owner.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as HiddenItems;
    expect(body.items.map((item) => [item.id, item.title])).toEqual([[hidden.id, 'Hidden one']]);
  });

  it('lists them for editors and co-owners, who edit them as the owner does, and never for a viewer', async () => {
    const { owner, c, hidden } = await collectionWithHidden(2);
    for (const role of ['editor', 'co_owner']) {
      const member = await createMember(owner.token, c.id, role);
      const res = await call(path(c.id), { token: member.token });
      expect(res.status, role).toBe(200);
      expect(
        ((await res.json()) as HiddenItems).items.map((item) => item.id),
        role,
      ).toEqual([hidden.id]);
      // Reached for editing, with its hidden values; never while browsing.
      const edit = await call(`/api/v1/collections/${c.id}/items/${hidden.id}?edit=true`, { token: member.token });
      expect(edit.status, role).toBe(200);
      const browse = await call(`/api/v1/collections/${c.id}/items/${hidden.id}`, { token: member.token });
      expect(browse.status, role).toBe(404);
    }
    const viewer = await createMember(owner.token, c.id, 'viewer');
    const res = await call(path(c.id), { token: viewer.token });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('FORBIDDEN');
    const edit = await call(`/api/v1/collections/${c.id}/items/${hidden.id}?edit=true`, { token: viewer.token });
    expect(edit.status).toBe(404);
  });

  it('answers an empty list when nothing is hidden', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Empty' });
    const res = await call(path(c.id), { token: owner.token });
    expect(await res.json()).toEqual({ items: [] });
  });

  it('refuses anonymous callers', async () => {
    const { c } = await collectionWithHidden();
    const res = await call(path(c.id));
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe('UNAUTHENTICATED');
  });

  it('refuses another user: 403 on a collection they see, 404 on one they do not', async () => {
    const { c } = await collectionWithHidden(0);
    const other = await createUser();
    const res = await call(path(c.id), { token: other.token });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('FORBIDDEN');
    const { c: privateOne } = await collectionWithHidden(3);
    const hiddenRes = await call(path(privateOne.id), { token: other.token });
    expect(hiddenRes.status).toBe(404);
  });

  it('in demo mode, still lists for the owner and refuses the demo account', async () => {
    const DEMO = { env: { DEMO_MODE: 'true' } };
    const { owner, c, hidden } = await collectionWithHidden();
    const own = await call(path(c.id), { token: owner.token, ...DEMO });
    expect(own.status).toBe(200);
    expect(((await own.json()) as HiddenItems).items.map((item) => item.id)).toEqual([hidden.id]);
    const demoToken = await signIn('demo', 'demo', DEMO);
    const demo = await call(path(c.id), { token: demoToken, ...DEMO });
    expect(demo.status).toBe(403);
  });

  it('rejects a malformed id', async () => {
    const { owner } = await collectionWithHidden();
    const res = await call('/api/v1/collections/abc/hidden-items', { token: owner.token });
    expect(res.status).toBe(400);
  });
});

describe('item quantity', () => {
  it.each([0, -3])('refuses %i copies with a field error, on create and on edit', async (quantity) => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Copies' });
    const create = await call(`/api/v1/collections/${c.id}/items`, { method: 'POST', token: owner.token, json: { values: {}, quantity } });
    expect(create.status).toBe(400);
    const body = (await create.json()) as { error: { code: string; details: { fields: { path: string; reason: string }[] } } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.fields).toEqual([expect.objectContaining({ path: 'quantity', reason: 'too_small', minimum: 1 })]);
    const item = await addItem(owner.token, c.id, { values: {} });
    const edit = await call(`/api/v1/collections/${c.id}/items/${item.id}`, { method: 'PATCH', token: owner.token, json: { quantity } });
    expect(edit.status).toBe(400);
    expect(await errorCode(edit)).toBe('VALIDATION_FAILED');
    const stored = await call(`/api/v1/collections/${c.id}/items/${item.id}?edit=true`, { token: owner.token });
    expect(((await stored.json()) as { quantity: number }).quantity).toBe(1);
  });
});
