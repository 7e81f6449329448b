// GCstar's files of every built-in model, and of the person's own model with or without its .gcm:
// each field read with its type, into a collection through the API and the Workflow, twice.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFormat, readHead, readRecords } from '@shared/import/formats';
import { GCSTAR_MODELS } from '@shared/import/gcstar-models';
import type { ImportHead } from '@shared/import/records';
import { itemsOf, planFor, runImport } from '../../support/worker-imports';
import { createUser } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';
import music from '../../fixtures/imports/gcstar/music.gcs?raw';
import coins from '../../fixtures/imports/gcstar/coins.gcs?raw';
import recipes from '../../fixtures/imports/gcstar/recipes.gcs?raw';
import recipesModel from '../../fixtures/imports/gcstar/recipes.gcm?raw';

const CSV = { delimiter: ',', quote: '"', header: true } as const;
/** Runs through the Workflow, twice: slower than one read when the machine is busy. */
const E2E_TIMEOUT = 30_000;

function read(text: string, gcm?: string) {
  expect(detectFormat(text)).toBe('gcstar');
  const head = readHead('gcstar', text, CSV, { gcm });
  const { records } = readRecords(head, CSV, text.slice(head.start), 50, true, 1);
  return { head, records };
}

const fieldOf = (head: ImportHead, key: string) => head.fields.find((f) => f.key === key);

describe('GCstar built-in models', () => {
  it.each(Object.entries(GCSTAR_MODELS))('%s: an item with its model name is read with every field of the model', (name, model) => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<collection type="${name}" items="1" version="1.7.3"><information><maxId>1</maxId></information>\n<item id="7"/></collection>`;
    const { head, records } = read(text);
    expect(head.fields.map((f) => f.key)).toEqual(model.fields.map((m) => m.field.key));
    expect(head.fields.length).toBeGreaterThan(5);
    // Labels in English, never GCstar's translation keys.
    for (const field of head.fields) expect(field.label).toMatch(/^[A-Z0-9#]/);
    expect(records).toEqual([{ row: 1, id: '7', values: {} }]);
  });

  it('reads every field of a music album: tracks with all their columns, ratings halved, dates day first', () => {
    const { head, records } = read(music);
    expect(head.collectionType).toBeNull();
    expect(fieldOf(head, 'tracks')).toMatchObject({ label: 'Tracks list', type: 'text', multiple: true });
    expect(fieldOf(head, 'ratingpress')).toMatchObject({ label: 'Press Rating', type: 'rating' });
    expect(fieldOf(head, 'release')).toMatchObject({ type: 'date' });
    expect(records).toHaveLength(2);
    expect({ ...records[0]!.values }).toEqual({
      unique: ['0602547288035'],
      title: ['Random Access Memories'],
      cover: ['ram.jpg'],
      artist: ['Daft Punk'],
      running: ['74:24'],
      release: ['2013-05-17'],
      label: ['Columbia'],
      genre: ['Electronic', 'Disco'],
      tracks: ['1 :: Give Life Back to Music :: 4:34', '2 :: The Game of Love :: 5:21'],
      rating: ['4.5'],
      ratingpress: ['4'],
      added: ['2020-01-02'],
      location: ['Shelf B'],
      origin: ['France'],
      composer: ['Thomas Bangalter, Guy-Manuel de Homem-Christo'],
      producer: ['Daft Punk'],
      format: ['CD'],
      comments: ['Bought at the shop,\nsecond copy'],
      web: ['https://example.org/ram'],
      borrowings: ['Marie :: 03/02/2021 :: 10/03/2021'],
      favourite: ['1'],
      tags: ['vinyl wanted'],
    });
    // GCstar's 0 is no rating; an empty list gives nothing.
    expect({ ...records[1]!.values }).toEqual({
      title: ['Kind of Blue'],
      artist: ['Miles Davis'],
      release: ['1959-08-17'],
      genre: ['Jazz'],
      format: ['Vinyl'],
    });
  });

  it('reads a coin: its lists, long texts and numbers', () => {
    const { head, records } = read(coins);
    expect(fieldOf(head, 'diameter')).toMatchObject({ label: 'Diameter', type: 'number' });
    expect({ ...records[0]!.values }).toMatchObject({
      name: ['EUR 2 (2002)'],
      picture: ['coin.png'],
      metal: ['Nickel brass', 'Cupronickel'],
      head: ['Tree of life'],
      diameter: ['25.75'],
      added: ['2019-06-05'],
      references: ['KM# 1289'],
      favourite: ['0'],
    });
  });

  it(
    'imports music into a collection of its own, every field in a property of its type, and a second run changes nothing',
    async () => {
      const owner = await createUser();
      const c = await createCollection(owner.token, { name: 'Music' });
      const { head } = read(music);
      const plan = planFor('gcstar', head.fields);
      const report = await runImport(owner.token, c.id, music, 'music.gcs', plan);
      expect(report).toMatchObject({ status: 'done', format: 'gcstar', total: 2, counts: { added: 2, failed: 0 } });
      const byTitle = new Map((await itemsOf(owner.token, c.id, null)).map((item) => [item.values.x_title, item]));
      const [blue, ram] = [byTitle.get('Kind of Blue'), byTitle.get('Random Access Memories')];
      expect(ram!.values).toMatchObject({
        x_title: 'Random Access Memories',
        x_tracks: ['1 :: Give Life Back to Music :: 4:34', '2 :: The Game of Love :: 5:21'],
        x_rating: 4.5,
        x_release: '2013-05-17',
        x_favourite: true,
        x_genre: ['Electronic', 'Disco'],
        x_web: 'https://example.org/ram',
      });
      expect(blue!.values).toMatchObject({ x_title: 'Kind of Blue', x_release: '1959-08-17' });
      const again = await runImport(owner.token, c.id, music, 'music.gcs', {
        ...plan,
        fields: plan.fields.map((f) => ({ ...f, create: null })),
      });
      expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    },
    E2E_TIMEOUT,
  );
});

describe('GCstar models of the person’s own', () => {
  it('reads the .gcm zipped beside the file: its labels and types', () => {
    const { head, records } = read(recipes, recipesModel);
    expect(head.fields.map((f) => [f.key, f.label, f.type, f.multiple])).toEqual([
      ['name', 'Dish', 'text', false],
      ['photo', 'Photo', 'image', false],
      ['servings', 'Servings', 'number', false],
      ['tasty', 'Tastiness', 'rating', false],
      ['cooked', 'Last cooked', 'date', false],
      ['vegetarian', 'Vegetarian', 'yesno', false],
      ['ingredients', 'Ingredients', 'text', true],
      ['steps', 'Steps', 'longtext', false],
      ['source', 'Source', 'url', false],
      ['favourite', 'Favourite', 'yesno', false],
      ['tags', 'Tags', 'text', true],
    ]);
    expect({ ...records[0]!.values }).toEqual({
      name: ['Ratatouille'],
      photo: ['ratatouille.jpg'],
      servings: ['4'],
      tasty: ['4'],
      cooked: ['2022-07-14'],
      vegetarian: ['1'],
      ingredients: ['Aubergine :: 2', 'Courgette :: 3'],
      steps: ['Cut.\nSimmer for an hour.'],
      source: ['https://example.org/ratatouille'],
      favourite: ['1'],
      tags: ['summer'],
    });
  });

  it('without its .gcm, each attribute and element of the items is a text field named after it', () => {
    const { head, records } = read(recipes);
    expect(head.fields.map((f) => [f.key, f.type, f.multiple])).toEqual([
      ['name', 'text', false],
      ['photo', 'text', false],
      ['servings', 'text', false],
      ['tasty', 'text', false],
      ['cooked', 'text', false],
      ['vegetarian', 'text', false],
      ['source', 'text', false],
      ['favourite', 'text', false],
      ['ingredients', 'text', true],
      ['steps', 'longtext', false],
      ['tags', 'text', true],
    ]);
    expect(records[1]!.values).toMatchObject({
      name: ['Crêpes'],
      servings: ['6'],
      ingredients: ['Flour :: 250 g'],
      steps: ['Mix, rest, cook.'],
    });
  });

  it(
    'imports a zip of the file, its .gcm and its picture, twice',
    async () => {
      const owner = await createUser();
      const c = await createCollection(owner.token, { name: 'Recipes' });
      const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 1, 2, 3, 4]);
      const zip = zipSync({
        'recipes.gcs': strToU8(recipes),
        'GCCustomRecipes.gcm': strToU8(recipesModel),
        'recipes_pictures/ratatouille.jpg': jpeg,
      });
      const { head } = read(recipes, recipesModel);
      const plan = planFor('gcstar', head.fields);
      const report = await runImport(owner.token, c.id, zip, 'recipes.zip', plan);
      expect(report).toMatchObject({ status: 'done', total: 2, counts: { added: 2, failed: 0 } });
      const byName = new Map((await itemsOf(owner.token, c.id, null)).map((item) => [item.values.x_name, item]));
      const [crepes, ratatouille] = [byName.get('Crêpes'), byName.get('Ratatouille')];
      expect(ratatouille!.values).toMatchObject({
        x_name: 'Ratatouille',
        x_servings: 4,
        x_tasty: 4,
        x_vegetarian: true,
        x_ingredients: ['Aubergine :: 2', 'Courgette :: 3'],
      });
      expect(ratatouille!.values.x_photo).toMatch(/^media:\/\/collections\/\d+\/[0-9a-f]{64}\.jpg$/);
      expect(crepes!.values).toMatchObject({ x_name: 'Crêpes', x_servings: 6 });
      const again = await runImport(owner.token, c.id, zip, 'recipes.zip', {
        ...plan,
        fields: plan.fields.map((f) => ({ ...f, create: null })),
      });
      expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    },
    E2E_TIMEOUT,
  );
});
