// Factories for the catalogue: collections, properties and items made through the API (many items at once
// through the create route's writer), and the members a collection is shared with.
import type { Collection } from '@shared/schemas/collections';
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { createItemInput, type Item } from '@shared/schemas/items';
import type { Property } from '@shared/schemas/properties';
import { expect } from 'vitest';
import * as schema from '@worker/db/schema';
import { createItems, rankTuning, type WriteContext } from '@worker/features/items/items.writer';
import { listPropertyRows } from '@worker/features/properties/properties.queries';
import { call, createUser, imageForm, PNG_BYTES } from './worker-app';

async function expectStatus<T>(res: Response, status: number): Promise<T> {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function createCollection(token: string, body: Record<string, unknown> = {}, lang?: string): Promise<Collection> {
  const res = await call('/api/v1/collections', { method: 'POST', token, lang, json: { type: 'custom', name: 'Things', ...body } });
  return expectStatus<Collection>(res, 201);
}

export async function addProperty(token: string, collectionId: number, body: Record<string, unknown>): Promise<Property> {
  const res = await call(`/api/v1/collections/${collectionId}/properties`, { method: 'POST', token, json: body });
  return expectStatus<Property>(res, 201);
}

export async function addItem(token: string, collectionId: number, body: Record<string, unknown>): Promise<Item> {
  const res = await call(`/api/v1/collections/${collectionId}/items`, { method: 'POST', token, json: body });
  return expectStatus<Item>(res, 201);
}

/**
 * Many items at once, for a test that reads them rather than tests their creation: the statements of the
 * create route's writer (createItems, several drafts to a batch), from bodies the route would accept.
 * Answers the new ids in order.
 */
export async function addItems(collectionId: number, bodies: Record<string, unknown>[], perBatch = 50): Promise<number[]> {
  const db = drizzle(env.DB, { schema });
  const props = await listPropertyRows(db, collectionId);
  const deferred: Promise<unknown>[] = [];
  const ctx: WriteContext = { db, d1: env.DB, media: env.MEDIA, defer: (work) => deferred.push(work), rankSplit: rankTuning(env).split };
  const ids: number[] = [];
  for (let start = 0; start < bodies.length; start += perBatch) {
    const drafts = bodies.slice(start, start + perBatch).map((body) => createItemInput.parse(body));
    ids.push(...(await createItems(ctx, collectionId, props, drafts)));
  }
  await Promise.all(deferred);
  return ids;
}

export async function getJson<T>(path: string, token?: string): Promise<T> {
  return expectStatus<T>(await call(path, { token }), 200);
}

/** A picture of its own: a PNG's signature, then bytes of this seed (uploads are checked by their signature). */
export function seededPicture(seed: number, size = 3000): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_BYTES.subarray(0, 8));
  for (let i = 8; i < size; i += 1) bytes[i] = (i * seed) % 251;
  return bytes;
}

/** Uploads a picture into the collection's media; gives its value. */
export async function uploadPicture(token: string, collectionId: number, bytes: Uint8Array): Promise<string> {
  const res = await call(`/api/v1/collections/${collectionId}/media`, { method: 'POST', token, body: imageForm(bytes, 'cover.png') });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { value: string }).value;
}

/**
 * A new owner's collection (public unless `visibility` says otherwise) holding a public item "Dune" and a
 * private one "Secret diary", for the tests of what visitors are shown.
 */
export async function shelfWithSecret(visibility = 0) {
  const owner = await createUser();
  const collection = await createCollection(owner.token, { type: 'books', name: `Shelf ${crypto.randomUUID().slice(0, 8)}`, visibility });
  const shown = await addItem(owner.token, collection.id, { values: { title: 'Dune' } });
  const hidden = await addItem(owner.token, collection.id, { values: { title: 'Secret diary' }, visibility: 3 });
  return { owner, collection, shown, hidden };
}

/** Shares the collection with an existing account in `role` (viewer, editor, co_owner), as its owner does. */
export async function addMember(ownerToken: string, collectionId: number, login: string, role: string): Promise<void> {
  await expectStatus(
    await call(`/api/v1/collections/${collectionId}/members`, { method: 'POST', token: ownerToken, json: { login, role } }),
    201,
  );
}

/** A new account that the collection is shared with, in `role`. */
export async function createMember(ownerToken: string, collectionId: number, role: string) {
  const person = await createUser();
  await addMember(ownerToken, collectionId, person.user.username, role);
  return person;
}
