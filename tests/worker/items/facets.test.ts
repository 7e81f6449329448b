// The unfiltered filter panel reads counts kept by triggers; a search matching every item computes the
// same panel from the items themselves. The two must agree for every caller after every kind of change.
import { describe, expect, it } from 'vitest';
import type { FilterFacet } from '@shared/schemas/items';
import { call, createUser } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson } from '../../support/worker-catalogue';

describe('filter facets', () => {
  it('agree between kept counts and computed ones, for each caller, through every change', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const c = await createCollection(owner.token, { name: 'Records', visibility: 0 });
    await addProperty(owner.token, c.id, { label: 'Name', type: 'text', isTitle: true, searchable: true });
    const genre = await addProperty(owner.token, c.id, { label: 'Genre', type: 'text', multiple: true, filterable: true });
    await addProperty(owner.token, c.id, { label: 'Year', type: 'number', filterable: true });
    await addProperty(owner.token, c.id, { label: 'Released', type: 'date', filterable: true });
    await addProperty(owner.token, c.id, { label: 'Owned', type: 'yesno', filterable: true });
    const label = await addProperty(owner.token, c.id, { label: 'Label', type: 'text' });
    const make = (n: number, visibility: number | null, genres: string[]) =>
      addItem(owner.token, c.id, {
        visibility,
        values: {
          name: `record ${n}`,
          genre: genres,
          year: 1960 + n,
          released: `19${60 + n}-0${(n % 9) + 1}-15`,
          owned: n % 2 === 0,
          label: `L${n % 3}`,
        },
      });
    const a = await make(1, null, ['Jazz', 'Blues']);
    const b = await make(2, 1, ['jazz']);
    const d = await make(3, 3, ['Rock']);
    await make(4, 4, ['Punk']);
    await make(5, null, ['Rock', 'Jazz']);

    const base = `/api/v1/collections/${c.id}/filters`;
    const normalize = (filters: FilterFacet[]) =>
      filters.map((f) => ({
        ...f,
        values: [...f.values]
          .sort((x, y) => x.value.toLowerCase().localeCompare(y.value.toLowerCase()))
          .map((v) => ({ value: v.value.toLowerCase(), count: v.count })),
      }));
    const check = async (step: string) => {
      for (const token of [undefined, stranger.token, owner.token]) {
        const kept = normalize((await getJson<{ filters: FilterFacet[] }>(base, token)).filters);
        const computed = normalize((await getJson<{ filters: FilterFacet[] }>(`${base}?q=record`, token)).filters);
        expect(kept, `${step} (${token === owner.token ? 'owner' : token ? 'stranger' : 'anonymous'})`).toEqual(computed);
      }
    };
    await check('created');
    const anonymous = (await getJson<{ filters: FilterFacet[] }>(base)).filters;
    expect(anonymous.find((f) => f.key === 'genre')!.values).toEqual(
      expect.arrayContaining([
        { value: 'Jazz', count: 2 },
        { value: 'Rock', count: 1 },
      ]),
    );
    expect(anonymous.find((f) => f.key === 'genre')!.values.some((v) => v.value === 'Punk')).toBe(false);
    expect(anonymous.find((f) => f.key === 'year')).toMatchObject({ kind: 'range', min: 1961, max: 1965 });
    expect(anonymous.find((f) => f.key === 'released')).toMatchObject({ min: '1961-02-15', max: '1965-06-15' });

    await call(`/api/v1/collections/${c.id}/items/${b.id}`, { method: 'PATCH', token: owner.token, json: { visibility: null } });
    await check('visibility changed');
    await call(`/api/v1/collections/${c.id}/items/${a.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { values: { name: 'record 1', genre: ['Soul'], year: 1999, owned: true } },
    });
    await check('values changed');
    await call(`/api/v1/collections/${c.id}/items/${d.id}`, { method: 'DELETE', token: owner.token });
    await call(`/api/v1/collections/${c.id}/items/${a.id}/duplicate`, { method: 'POST', token: owner.token });
    await check('deleted and duplicated');
    await call(`/api/v1/collections/${c.id}/properties/${label.id}`, { method: 'PATCH', token: owner.token, json: { filterable: true } });
    await check('a property became filterable');
    expect((await getJson<{ filters: FilterFacet[] }>(base)).filters.find((f) => f.key === 'label')!.values.length).toBeGreaterThan(0);
    await call(`/api/v1/collections/${c.id}/properties/${genre.id}`, { method: 'PATCH', token: owner.token, json: { filterable: false } });
    await check('a property stopped being filterable');
    await call(`/api/v1/collections/${c.id}/properties/${genre.id}`, { method: 'DELETE', token: owner.token });
    await check('a property was deleted');
  });
});
