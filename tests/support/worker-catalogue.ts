// Factories for the catalogue: collections, properties and items made through the API.
import type { Collection } from '../../shared/schemas/collections';
import type { Item } from '../../shared/schemas/items';
import type { Property } from '../../shared/schemas/properties';
import { call } from './worker-app';

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

export async function getJson<T>(path: string, token?: string): Promise<T> {
  return expectStatus<T>(await call(path, { token }), 200);
}
