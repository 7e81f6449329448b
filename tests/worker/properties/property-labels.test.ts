// A template's properties speak the reader's language: a collection made in English shows "Auteurs" to a
// French visitor and "Authors" to an English one, in the property list and the filter panel, until the
// owner names the property themselves.
import { describe, expect, it } from 'vitest';
import type { Property } from '@shared/schemas/properties';
import { call, createUser } from '../../support/worker-app';
import { addItem, createCollection } from '../../support/worker-catalogue';

async function labelsFor(collectionId: number, lang: string, token?: string): Promise<Record<string, string>> {
  const res = await call(`/api/v1/collections/${collectionId}/properties`, { token, lang });
  expect(res.status).toBe(200);
  const { properties } = (await res.json()) as { properties: Property[] };
  return Object.fromEntries(properties.map((p) => [p.key, p.label]));
}

async function facetLabel(collectionId: number, key: string, lang: string): Promise<string | undefined> {
  const res = await call(`/api/v1/collections/${collectionId}/filters`, { lang });
  expect(res.status).toBe(200);
  const { filters } = (await res.json()) as { filters: { key: string; label: string }[] };
  return filters.find((f) => f.key === key)?.label;
}

async function rename(token: string, collectionId: number, property: Property, label: string, lang = 'en_US'): Promise<Property> {
  const res = await call(`/api/v1/collections/${collectionId}/properties/${property.id}`, {
    method: 'PATCH',
    token,
    lang,
    json: { label },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Property;
}

describe("a template's labels in the reader's language", () => {
  it('shows a collection made in English in French to a French visitor, and back', async () => {
    const owner = await createUser();
    const books = await createCollection(owner.token, { name: 'Shelf', type: 'books', visibility: 0 }, 'en_US');
    await addItem(owner.token, books.id, { values: { title: 'Dune', authors: ['Frank Herbert'], year: 1965 } });
    const french = await labelsFor(books.id, 'fr_FR');
    expect(french).toMatchObject({ title: 'Titre', authors: 'Auteurs', year: 'Année', rating: 'Note', read: 'Lu' });
    expect(await labelsFor(books.id, 'en_US')).toMatchObject({ title: 'Title', authors: 'Authors', year: 'Year' });
    // The filter panel too, for an anonymous visitor.
    expect(await facetLabel(books.id, 'authors', 'fr_FR')).toBe('Auteurs');
    expect(await facetLabel(books.id, 'authors', 'en_US')).toBe('Authors');

    // A collection made in French reads in English to an English visitor.
    const films = await createCollection(owner.token, { name: 'Films', type: 'movies', visibility: 0 }, 'fr_FR');
    expect(await labelsFor(films.id, 'en_US')).toMatchObject({ directors: 'Director', cast: 'Cast', watched: 'Watched' });
    expect(await labelsFor(films.id, 'fr_FR')).toMatchObject({ directors: 'Réalisation', cast: 'Distribution', watched: 'Vu' });
  });

  it("keeps the owner's own name for a property, in every language", async () => {
    const owner = await createUser();
    const books = await createCollection(owner.token, { name: 'Shelf', type: 'books', visibility: 0 }, 'en_US');
    const list = (await (await call(`/api/v1/collections/${books.id}/properties`, { token: owner.token })).json()) as {
      properties: Property[];
    };
    const byKey = (key: string) => list.properties.find((p) => p.key === key)!;

    // Renamed: shown as the owner wrote it, to everyone.
    expect((await rename(owner.token, books.id, byKey('authors'), 'Writers')).label).toBe('Writers');
    expect((await labelsFor(books.id, 'fr_FR')).authors).toBe('Writers');
    expect(await facetLabel(books.id, 'authors', 'fr_FR')).toBe('Writers');

    // Saving the label the form showed (a French owner saves "Titre") is not a new name.
    expect((await rename(owner.token, books.id, byKey('title'), 'Titre', 'fr_FR')).label).toBe('Titre');
    expect((await labelsFor(books.id, 'en_US')).title).toBe('Title');

    // Nor is the template's label with spaces around it; another key ends the template's name.
    await rename(owner.token, books.id, byKey('year'), ' Year ');
    expect((await labelsFor(books.id, 'fr_FR')).year).toBe('Année');
    const moved = await call(`/api/v1/collections/${books.id}/properties/${byKey('language').id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { key: 'languages' },
    });
    expect(moved.status).toBe(200);
    expect((await labelsFor(books.id, 'fr_FR')).languages).toBe('Language');
  });

  it('leaves the properties of a collection without a template as they are', async () => {
    const owner = await createUser();
    const things = await createCollection(owner.token, { name: 'Things', type: 'custom', visibility: 0 }, 'fr_FR');
    const res = await call(`/api/v1/collections/${things.id}/properties`, {
      method: 'POST',
      token: owner.token,
      json: { label: 'Title', type: 'text' },
    });
    expect(res.status).toBe(201);
    expect((await labelsFor(things.id, 'fr_FR')).title).toBe('Title');
  });
});
