// Sharing a collection (docs/product.md "Sharing"): the members endpoints against every wrong caller, and
// what each role may write — viewers nothing, editors items and loans, co-owners all but deleting.
import { describe, expect, it } from 'vitest';
import type { Collection } from '@shared/schemas/collections';
import type { Member, MemberList } from '@shared/schemas/members';
import { call, createUser, errorCode, PNG_BYTES } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';
import { lendableItem } from '../../support/worker-lending';

type Person = Awaited<ReturnType<typeof createUser>>;
const DEMO = { DEMO_MODE: 'true' };

async function share(token: string, collectionId: number, login: string, role: string) {
  return call(`/api/v1/collections/${collectionId}/members`, { method: 'POST', token, json: { login, role } });
}

/** A collection at level 2 "Shared users" and the people it is shared with, one per role. */
async function sharedShelf(visibility = 2) {
  const owner = await createUser();
  const [viewer, editor, coOwner, stranger] = [await createUser(), await createUser(), await createUser(), await createUser()];
  const collection = await createCollection(owner.token, { type: 'books', name: 'Family shelf', visibility, borrowable: 0 });
  for (const [person, role] of [
    [viewer, 'viewer'],
    [editor, 'editor'],
    [coOwner, 'co_owner'],
  ] as const) {
    expect((await share(owner.token, collection.id, person.user.username, role)).status).toBe(201);
  }
  const item = await addItem(owner.token, collection.id, { values: { title: 'Dune' } });
  return { owner, viewer, editor, coOwner, stranger, collection, item, base: `/api/v1/collections/${collection.id}` };
}

const membersOf = async (base: string, person: Person) =>
  ((await (await call(`${base}/members`, { token: person.token })).json()) as MemberList).members;

describe('sharing a collection', () => {
  it('adds people by username or email, lists, changes and removes them', async () => {
    const owner = await createUser();
    const friend = await createUser();
    const other = await createUser();
    const collection = await createCollection(owner.token, { name: 'Games', visibility: 2 });
    const base = `/api/v1/collections/${collection.id}`;

    const added = await share(owner.token, collection.id, friend.user.username.toUpperCase(), 'viewer');
    expect(added.status).toBe(201);
    expect((await added.json()) as Member).toMatchObject({ userId: friend.user.id, username: friend.user.username, role: 'viewer' });
    expect((await share(owner.token, collection.id, other.user.email!, 'editor')).status).toBe(201);
    expect((await membersOf(base, owner)).map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [friend.user.id, 'viewer'],
        [other.user.id, 'editor'],
      ].sort(),
    );

    const changed = await call(`${base}/members/${friend.user.id}`, { method: 'PATCH', token: owner.token, json: { role: 'co_owner' } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Member).role).toBe('co_owner');

    // The friend sees it among their collections with their role.
    const listed = ((await (await call('/api/v1/collections', { token: friend.token })).json()) as { collections: Collection[] })
      .collections;
    expect(listed.find((c) => c.id === collection.id)).toMatchObject({ role: 'co_owner', isOwner: false });

    expect((await call(`${base}/members/${other.user.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await membersOf(base, owner)).map((m) => m.userId)).toEqual([friend.user.id]);
  });

  it('refuses invalid input with clear codes', async () => {
    const { owner, viewer, coOwner, base, collection } = await sharedShelf();
    const post = (json: unknown, token = owner.token) => call(`${base}/members`, { method: 'POST', token, json });
    expect(await errorCode(await post({ login: 'nobody-has-this-name', role: 'viewer' }))).toBe('SHARE_USER_UNKNOWN');
    expect((await post({ login: viewer.user.username, role: 'admin' })).status).toBe(400);
    expect((await post({ login: '', role: 'viewer' })).status).toBe(400);
    expect((await post({ login: viewer.user.username, role: 'viewer', extra: 1 })).status).toBe(400);
    const again = await post({ login: viewer.user.username, role: 'editor' });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('ALREADY_MEMBER');
    expect(await errorCode(await post({ login: owner.user.username, role: 'viewer' }))).toBe('SHARE_WITH_SELF');
    // A co-owner cannot add the owner, add or promote themselves, nor remove the owner.
    expect(await errorCode(await post({ login: owner.user.username, role: 'viewer' }, coOwner.token))).toBe('SHARE_WITH_OWNER');
    expect(await errorCode(await post({ login: coOwner.user.username, role: 'viewer' }, coOwner.token))).toBe('SHARE_WITH_SELF');
    const promote = await call(`${base}/members/${coOwner.user.id}`, { method: 'PATCH', token: coOwner.token, json: { role: 'viewer' } });
    expect(await errorCode(promote)).toBe('SHARE_WITH_SELF');
    const ownerOut = await call(`${base}/members/${owner.user.id}`, { method: 'DELETE', token: coOwner.token });
    expect(ownerOut.status).toBe(409);
    expect(await errorCode(ownerOut)).toBe('SHARE_WITH_OWNER');
    expect((await call(`${base}/members/999999`, { method: 'PATCH', token: owner.token, json: { role: 'viewer' } })).status).toBe(404);
    expect((await call(`/api/v1/collections/${collection.id}/members/abc`, { method: 'DELETE', token: owner.token })).status).toBe(400);
  });

  it('lets only the owner and co-owners manage the sharing', async () => {
    const { viewer, editor, coOwner, stranger, base } = await sharedShelf();
    const someone = await createUser();
    expect((await call(`${base}/members`)).status).toBe(401);
    expect((await share('', 0, someone.user.username, 'viewer')).status).toBe(401);
    expect((await call(`${base}/members`, { token: stranger.token })).status).toBe(404);
    expect((await call(`${base}/members`, { token: viewer.token })).status).toBe(403);
    expect((await call(`${base}/members`, { token: editor.token })).status).toBe(403);
    const fromEditor = await call(`${base}/members`, {
      method: 'POST',
      token: editor.token,
      json: { login: someone.user.username, role: 'viewer' },
    });
    expect(fromEditor.status).toBe(403);
    const demoted = await call(`${base}/members/${viewer.user.id}`, { method: 'DELETE', token: editor.token });
    expect(demoted.status).toBe(403);
    // A co-owner manages the other members.
    expect(
      (await call(`${base}/members`, { method: 'POST', token: coOwner.token, json: { login: someone.user.username, role: 'editor' } }))
        .status,
    ).toBe(201);
    expect(
      (await call(`${base}/members/${someone.user.id}`, { method: 'PATCH', token: coOwner.token, json: { role: 'viewer' } })).status,
    ).toBe(200);
    // Anyone may leave a collection shared with them.
    expect((await call(`${base}/members/${viewer.user.id}`, { method: 'DELETE', token: viewer.token })).status).toBe(204);
  });

  it('takes level 2 "Shared users" for items and properties: shown to the members alone', async () => {
    const { owner, viewer, editor, coOwner, stranger, base } = await sharedShelf(0);
    const post = (path: string, json: unknown, token?: string, env?: Record<string, string>) =>
      call(`${base}/${path}`, { method: 'POST', token, json, env });
    const shelf = await post(
      'properties',
      { label: 'Shelf', type: 'text', visibility: 2, searchable: true, filterable: true },
      owner.token,
    );
    expect(shelf.status).toBe(201);
    const shelfKey = ((await shelf.json()) as { key: string }).key;
    const made = await post('items', { values: { title: 'Solaris', [shelfKey]: 'attic' }, visibility: 2 }, owner.token);
    expect(made.status).toBe(201);
    const item = (await made.json()) as { id: number; visibility: number | null };
    expect(item.visibility).toBe(2);
    // An editor adds items at level 2 too; a co-owner also properties.
    expect((await post('items', { values: { title: 'Ubik' }, visibility: 2 }, editor.token)).status).toBe(201);
    expect((await post('properties', { label: 'Room', type: 'text', visibility: 2 }, coOwner.token)).status).toBe(201);
    // Invalid levels.
    for (const visibility of [5, -1, 2.5, '2', true]) {
      expect((await post('items', { values: { title: 'X' }, visibility }, owner.token)).status, `item ${String(visibility)}`).toBe(400);
      expect(
        (await post('properties', { label: 'X', type: 'text', visibility }, owner.token)).status,
        `property ${String(visibility)}`,
      ).toBe(400);
    }
    // Wrong callers: anonymous, a stranger, a viewer (no writes), an editor for properties, demo mode.
    expect((await post('items', { values: { title: 'X' }, visibility: 2 })).status).toBe(401);
    expect((await post('items', { values: { title: 'X' }, visibility: 2 }, stranger.token)).status).toBe(403);
    expect((await post('items', { values: { title: 'X' }, visibility: 2 }, viewer.token)).status).toBe(403);
    expect((await post('properties', { label: 'X', type: 'text', visibility: 2 }, editor.token)).status).toBe(403);
    expect(await errorCode(await post('items', { values: { title: 'X' }, visibility: 2 }, owner.token, DEMO))).toBe('DEMO_MODE');
    expect(await errorCode(await post('properties', { label: 'X', type: 'text', visibility: 2 }, owner.token, DEMO))).toBe('DEMO_MODE');

    // What each caller reads of them: the item at level 2, and a level-0 item's shelf (its property at level 2).
    const contact = await post('items', { values: { title: 'Contact', [shelfKey]: 'cellar' } }, owner.token);
    const contactId = ((await contact.json()) as { id: number }).id;
    const read = async (path: string, token?: string) => {
      const res = await call(`${base}/${path}`, { token });
      return { status: res.status, text: await res.text() };
    };
    for (const [name, token, member] of [
      ['anonymous', undefined, false],
      ['stranger', stranger.token, false],
      ['viewer', viewer.token, true],
      ['editor', editor.token, true],
      ['co-owner', coOwner.token, true],
      ['owner', owner.token, true],
    ] as const) {
      expect((await read(`items/${item.id}`, token)).status, name).toBe(member ? 200 : 404);
      expect((await read('items?perPage=all', token)).text.includes('Solaris'), `${name} list`).toBe(member);
      const page = await read(`items/${contactId}`, token);
      expect(page.status, name).toBe(200);
      expect(page.text.includes('cellar'), `${name} item page`).toBe(member);
      expect((await read('items?q=cellar', token)).text.includes('Contact'), `${name} search`).toBe(member);
      expect((await read('filters', token)).text.includes('cellar'), `${name} filters`).toBe(member);
    }
    // Someone no longer shared with sees what any signed-in person does.
    expect((await call(`${base}/members/${viewer.user.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await read(`items/${item.id}`, viewer.token)).status).toBe(404);
    expect((await read(`items/${contactId}`, viewer.token)).text.includes('cellar')).toBe(false);
  });

  it('refuses every change of the sharing in demo mode', async () => {
    const { owner, stranger, viewer, base } = await sharedShelf();
    const add = await call(`${base}/members`, {
      method: 'POST',
      token: owner.token,
      json: { login: stranger.user.username, role: 'viewer' },
      env: DEMO,
    });
    expect(await errorCode(add)).toBe('DEMO_MODE');
    const remove = await call(`${base}/members/${viewer.user.id}`, { method: 'DELETE', token: owner.token, env: DEMO });
    expect(await errorCode(remove)).toBe('DEMO_MODE');
  });
});

describe('what each role may write', () => {
  it('a viewer reads but writes nothing', async () => {
    const { viewer, base, item } = await sharedShelf();
    expect((await call(`${base}/items/${item.id}`, { token: viewer.token })).status).toBe(200);
    expect((await call(`${base}/items`, { method: 'POST', token: viewer.token, json: { values: { title: 'Mine' } } })).status).toBe(403);
    expect(
      (await call(`${base}/items/${item.id}`, { method: 'PATCH', token: viewer.token, json: { values: { title: 'Renamed' } } })).status,
    ).toBe(403);
    expect(
      (await call(`${base}/items/${item.id}/loans`, { method: 'POST', token: viewer.token, json: { borrower: { name: 'Ann' } } })).status,
    ).toBe(403);
  });

  it('an editor adds, edits and lends items, and changes nothing of the collection', async () => {
    const { editor, owner, base, item } = await sharedShelf();
    const created = await call(`${base}/items`, { method: 'POST', token: editor.token, json: { values: { title: 'Hyperion' } } });
    expect(created.status).toBe(201);
    const edited = await call(`${base}/items/${item.id}`, {
      method: 'PATCH',
      token: editor.token,
      json: { values: { title: 'Dune Messiah' } },
    });
    expect(edited.status).toBe(200);
    const form = new FormData();
    form.set('file', new File([PNG_BYTES], 'cover.png', { type: 'image/png' }));
    expect((await call(`${base}/media`, { method: 'POST', token: editor.token, body: form })).status).toBe(201);

    // Lending: the loan is the owner's, the editor records and ends it.
    const lent = await call(`${base}/items/${item.id}/loans`, {
      method: 'POST',
      token: editor.token,
      json: { borrower: { name: 'Ann Reader' } },
    });
    expect(lent.status).toBe(201);
    const loanId = ((await lent.json()) as { id: number }).id;
    expect((await call(`/api/v1/loans/${loanId}/return`, { method: 'POST', token: editor.token, json: {} })).status).toBe(200);
    expect((await call(`/api/v1/loans/${loanId}`, { token: owner.token })).status).toBe(200);

    // What only co-owners and the owner do.
    expect((await call(base, { method: 'PATCH', token: editor.token, json: { name: 'Taken over' } })).status).toBe(403);
    expect((await call(`${base}/properties`, { method: 'POST', token: editor.token, json: { label: 'Shelf', type: 'text' } })).status).toBe(
      403,
    );
    expect(
      (await call(`${base}/members`, { method: 'POST', token: editor.token, json: { login: owner.user.username, role: 'viewer' } })).status,
    ).toBe(403);
    expect((await call(base, { method: 'DELETE', token: editor.token })).status).toBe(403);
  });

  it('a co-owner changes the collection and its properties but cannot delete it', async () => {
    const { coOwner, base } = await sharedShelf();
    expect((await call(base, { method: 'PATCH', token: coOwner.token, json: { name: 'Our shelf' } })).status).toBe(200);
    expect(
      (await call(`${base}/properties`, { method: 'POST', token: coOwner.token, json: { label: 'Shelf', type: 'text' } })).status,
    ).toBe(201);
    expect((await call(base, { method: 'DELETE', token: coOwner.token })).status).toBe(403);
  });

  it('a stranger and an anonymous caller write nothing', async () => {
    const { stranger, base, item } = await sharedShelf();
    expect((await call(`${base}/items`, { method: 'POST', token: stranger.token, json: { values: { title: 'X' } } })).status).toBe(404);
    expect((await call(`${base}/items/${item.id}`, { method: 'PATCH', json: { values: { title: 'X' } } })).status).toBe(401);
  });

  it('a removed member loses access at once, media tickets included', async () => {
    const { owner, editor, base, collection, item } = await sharedShelf();
    await addProperty(owner.token, collection.id, { label: 'Back cover', key: 'back', type: 'image', visibility: 0 });
    const form = new FormData();
    form.set('file', new File([PNG_BYTES], 'cover.png', { type: 'image/png' }));
    const key = (
      (await (await call(`${base}/media`, { method: 'POST', token: owner.token, body: form })).json()) as { value: string }
    ).value.slice('media://'.length);
    await call(`${base}/items/${item.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { values: { title: 'Dune', back: `media://${key}` } },
    });
    const ticket = ((await (await call('/api/v1/media-ticket', { token: editor.token })).json()) as { ticket: string }).ticket;
    expect((await call(`/media/${key}?t=${ticket}`)).status).toBe(200);

    expect((await call(`${base}/members/${editor.user.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await call(base, { token: editor.token })).status).toBe(404);
    expect((await call(`${base}/items`, { method: 'POST', token: editor.token, json: { values: { title: 'Late' } } })).status).toBe(404);
    expect((await call(`/media/${key}?t=${ticket}`)).status).toBe(404);
  });

  it('editors act on the loans of a shared collection only', async () => {
    const { owner, itemPath } = await lendableItem();
    const editorElsewhere = (await sharedShelf()).editor;
    const lent = await call(`${itemPath}/loans`, { method: 'POST', token: owner.token, json: { borrower: { name: 'Bob' } } });
    const loanId = ((await lent.json()) as { id: number }).id;
    expect((await call(`/api/v1/loans/${loanId}`, { token: editorElsewhere.token })).status).toBe(404);
    expect((await call(`/api/v1/loans/${loanId}/return`, { method: 'POST', token: editorElsewhere.token, json: {} })).status).toBe(404);
  });

  it('a viewer cannot act on the loans of the collection shared with them', async () => {
    const { owner, viewer, base, item } = await sharedShelf();
    const lent = await call(`${base}/items/${item.id}/loans`, { method: 'POST', token: owner.token, json: { borrower: { name: 'Bob' } } });
    const loanId = ((await lent.json()) as { id: number }).id;
    expect((await call(`/api/v1/loans/${loanId}/return`, { method: 'POST', token: viewer.token, json: {} })).status).toBe(403);
  });
});
