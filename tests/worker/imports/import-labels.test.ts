// A property an import creates for a field meaning a template field is named like the template's, in
// the importer's language, then in each reader's; other columns keep the file's names.
import { describe, expect, it } from 'vitest';
import type { PropertyType } from '@shared/catalogue';
import type { ImportPlanInput, ImportRun } from '@shared/schemas/imports';
import type { Property } from '@shared/schemas/properties';
import { finishedImport, startImport } from '../../support/worker-imports';
import { call, createUser, errorCode } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';

const GOODREADS = [
  'Book Id,Title,Author,Additional Authors,My Rating,Exclusive Shelf,Bookshelves,Shelf Note',
  '1,Good Omens,Terry Pratchett,Neil Gaiman,5,read,,gift',
  '2,Dune,Frank Herbert,,4,to-read,,',
].join('\n');

const create = (label: string, type: PropertyType = 'text', multiple = false) => ({ label, type, multiple });
const plan = (authorsLabel: string): ImportPlanInput => ({
  format: 'goodreads',
  fields: [
    { field: 'title', property: 'title', create: { ...create('Title'), title: true } },
    { field: 'authors', property: 'authors', create: create(authorsLabel, 'text', true) },
    { field: 'rating', property: 'rating', create: create('My Rating', 'rating') },
  ],
});

async function importAs(lang: string, planned: ImportPlanInput, type = 'custom') {
  const owner = await createUser();
  const collection = await createCollection(owner.token, { type, name: 'Lectures' }, lang);
  const res = await startImport(owner.token, collection.id, GOODREADS, 'goodreads_library_export.csv', planned, { lang });
  return { owner, collection, res };
}

async function labels(token: string, collectionId: number, lang: string): Promise<Record<string, string>> {
  const res = await call(`/api/v1/collections/${collectionId}/properties`, { token, lang });
  const { properties } = (await res.json()) as { properties: Property[] };
  return Object.fromEntries(properties.map((p) => [p.key, p.label]));
}

describe('properties an import creates', () => {
  it('take the template label in the importer’s language, then follow each reader’s', async () => {
    const { owner, collection, res } = await importAs('fr-FR', plan('Author'));
    expect(res.status, await res.clone().text()).toBe(202);
    await finishedImport(owner.token, collection.id, ((await res.json()) as ImportRun).id);
    expect(await labels(owner.token, collection.id, 'fr-FR')).toMatchObject({ title: 'Titre', authors: 'Auteurs', rating: 'Note' });
    expect(await labels(owner.token, collection.id, 'en-US')).toMatchObject({ title: 'Title', authors: 'Authors', rating: 'Rating' });
  });

  it('keep a label the importer typed, and the file’s name for a column with no template meaning', async () => {
    const typed = await importAs('fr-FR', plan('Écrivains'));
    expect(typed.res.status).toBe(202);
    expect(await labels(typed.owner.token, typed.collection.id, 'en-US')).toMatchObject({ authors: 'Écrivains', title: 'Title' });

    // In plain CSV no column means a template field: every name is the file's.
    const plain = await importAs('fr-FR', {
      format: 'csv',
      csv: { delimiter: ',', quote: '"', header: true },
      fields: [
        { field: 'c1', property: 'title', create: { ...create('Title'), title: true } },
        { field: 'c7', property: 'shelf_note', create: create('Shelf Note') },
      ],
    });
    expect(plain.res.status, await plain.res.clone().text()).toBe(202);
    expect(await labels(plain.owner.token, plain.collection.id, 'fr-FR')).toMatchObject({ title: 'Title', shelf_note: 'Shelf Note' });
  });

  it('are refused to a caller who does not own the collection, and for an unknown field', async () => {
    const { collection } = await importAs('fr-FR', plan('Author'));
    const stranger = await createUser();
    const body = new FormData();
    body.set('file', new File([GOODREADS], 'export.csv'));
    body.set('plan', JSON.stringify(plan('Author')));
    const refused = await call(`/api/v1/collections/${collection.id}/imports`, { method: 'POST', token: stranger.token, body });
    expect(refused.status).toBe(403);
    const demo = await call(`/api/v1/collections/${collection.id}/imports`, {
      method: 'POST',
      token: stranger.token,
      body,
      env: { DEMO_MODE: 'true' },
    });
    expect(demo.status).toBe(403);
    const anonymous = await call(`/api/v1/collections/${collection.id}/imports`, { method: 'POST', body });
    expect(anonymous.status).toBe(401);
    const bad = await importAs('fr-FR', { ...plan('Author'), fields: [{ field: 'nope', property: 'authors', create: create('Author') }] });
    expect(bad.res.status).toBe(400);
    expect(await errorCode(bad.res)).toBe('VALIDATION_FAILED');
  });
});
