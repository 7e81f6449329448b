// Files whose title column is not called "Title", cells that cannot be stored as their property's type,
// and plans or files that would import nothing: each record comes in, or the run says exactly why not.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImportPlanInput } from '@shared/schemas/imports';
import { gzipSync } from 'fflate';
import type { Property } from '@shared/schemas/properties';
import { itemsOf, runImport, startImport } from '../../support/worker-imports';
import { call, createUser, PNG_BYTES } from '../../support/worker-app';
import { addProperty, createCollection, getJson } from '../../support/worker-catalogue';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A Letterboxd export's watched.csv (Date, Name, Year, Letterboxd URI). */
const LETTERBOXD_WATCHED =
  'Date,Name,Year,Letterboxd URI\n2023-01-04,Perfect Days,2023,https://boxd.it/abc1\n2023-02-11,Aftersun,2022,https://boxd.it/abc2\n2023-03-09,Past Lives,2023,https://boxd.it/abc3\n';
const LETTERBOXD_COMMENTS = 'Date,Content,Comment\n2023-02-12,Aftersun,"What a film"\n';

describe('the field that names the items is found by its meaning', () => {
  it("takes Letterboxd's Name as the title when the plan sends nothing to it", async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Films', type: 'movies' });
    const plan: ImportPlanInput = {
      format: 'csv',
      csv: { delimiter: ',', quote: '"', header: true },
      fields: [{ field: 'c2', property: 'year' }],
    };
    const report = await runImport(owner.token, c.id, LETTERBOXD_WATCHED, 'watched.csv', plan);
    expect(report).toMatchObject({ status: 'done', counts: { added: 3, failed: 0 } });
    expect((await itemsOf(owner.token, c.id)).map((i) => [i.values.title, i.values.year])).toEqual([
      ['Aftersun', 2022],
      ['Past Lives', 2023],
      ['Perfect Days', 2023],
    ]);
  });

  it('leaves the title alone when the plan says it is whole as sent (guessTitle: false)', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Films', type: 'movies' });
    // The screen's plan, with Name left out by the person: nothing would be imported, so nothing starts.
    const plan: ImportPlanInput = {
      format: 'csv',
      csv: { delimiter: ',', quote: '"', header: true },
      guessTitle: false,
      fields: [{ field: 'c2', property: 'year' }],
    };
    const res = await startImport(owner.token, c.id, LETTERBOXD_WATCHED, 'watched.csv', plan);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    expect(body.error.details.fields[0]).toMatchObject({ path: 'plan.fields', reason: 'no_title', property: 'title', suggestion: 'c1' });
    expect(await itemsOf(owner.token, c.id)).toEqual([]);
  });

  it("takes a French list's Titre, and Inventaire's lowercase title among other columns", async () => {
    const owner = await createUser();
    const books = await createCollection(owner.token, { name: 'Livres', type: 'books' });
    const french = 'Auteur;Titre;Année\nVictor Hugo;Les Misérables;1862\nÉmile Zola;Germinal;1885\n';
    const plan: ImportPlanInput = {
      format: 'csv',
      csv: { delimiter: ';', quote: '"', header: true },
      fields: [{ field: 'c2', property: 'year' }],
    };
    expect((await runImport(owner.token, books.id, french, 'liste.csv', plan)).counts).toMatchObject({ added: 2, failed: 0 });
    expect((await itemsOf(owner.token, books.id)).map((i) => i.values.title)).toEqual(['Germinal', 'Les Misérables']);
    const inventaire = await createCollection(owner.token, { name: 'Inventaire', type: 'books' });
    const csv =
      'uri,isbn,authors,title,subtitle,publicationDate\nisbn:9782070360024,9782070360024,Albert Camus,L’Étranger,,1942\nwd:Q180736,,Jules Verne,Vingt mille lieues sous les mers,Tour du monde sous-marin,1870\n';
    const plain: ImportPlanInput = {
      format: 'csv',
      csv: { delimiter: ',', quote: '"', header: true },
      fields: [{ field: 'c2', property: 'authors' }],
    };
    expect((await runImport(owner.token, inventaire.id, csv, 'inventaire.csv', plain)).counts).toMatchObject({ added: 2, failed: 0 });
    expect((await itemsOf(owner.token, inventaire.id)).map((i) => i.values.title)).toEqual([
      'L’Étranger',
      'Vingt mille lieues sous les mers',
    ]);
  });

  it('takes the first text filled in every record when no column is named for it', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Things', type: 'books' });
    const csv = 'Code;Label;Comment\n1;Red box;\n2;Blue box;dusty\n';
    const plan: ImportPlanInput = { format: 'csv', csv: { delimiter: ';', quote: '"', header: true }, fields: [] };
    expect((await runImport(owner.token, c.id, csv, 'things.csv', plan)).counts).toMatchObject({ added: 2, failed: 0 });
    expect((await itemsOf(owner.token, c.id)).map((i) => i.values.title)).toEqual(['Blue box', 'Red box']);
  });

  it("imports a Letterboxd export zip's films, not its comments", async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Films', type: 'movies' });
    const zip = zipSync({
      'comments.csv': utf8(LETTERBOXD_COMMENTS),
      'profile.csv': utf8('Date Joined,Username\n2020-01-01,someone\n'),
      'diary.csv': utf8(
        'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2023-01-05,Perfect Days,2023,https://boxd.it/d1,4.5,,,2023-01-04\n',
      ),
      'watched.csv': utf8(LETTERBOXD_WATCHED),
    });
    const plan: ImportPlanInput = {
      format: 'csv',
      csv: { delimiter: ',', quote: '"', header: true },
      fields: [{ field: 'c2', property: 'year' }],
    };
    const report = await runImport(owner.token, c.id, zip, 'letterboxd-someone-2024-01-01.zip', plan);
    expect(report).toMatchObject({ status: 'done', total: 3, counts: { added: 3 } });
    expect((await itemsOf(owner.token, c.id)).map((i) => i.values.title)).toEqual(['Aftersun', 'Past Lives', 'Perfect Days']);
  });
});

describe('a cell that cannot be its property’s value never loses its record', () => {
  async function films() {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Films' });
    await addProperty(owner.token, c.id, { label: 'Title', key: 'title', type: 'text', isTitle: true, required: true, sortable: true });
    await addProperty(owner.token, c.id, { label: 'Runtime', key: 'runtime', type: 'number' });
    await addProperty(owner.token, c.id, { label: 'Released', key: 'released', type: 'date' });
    await addProperty(owner.token, c.id, { label: 'Rating', key: 'rating', type: 'rating' });
    await addProperty(owner.token, c.id, { label: 'Season', key: 'season', type: 'number' });
    await addProperty(owner.token, c.id, { label: 'Link', key: 'link', type: 'url' });
    await addProperty(owner.token, c.id, { label: 'Cast', key: 'cast', type: 'text', multiple: true });
    await addProperty(owner.token, c.id, { label: 'Score', key: 'score', type: 'rating' });
    return { owner, c };
  }
  const cast = Array.from({ length: 57 }, (_, i) => `Actor ${i + 1}`).join('|');
  const CSV = [
    'Title;Runtime;Released;Rating;Season;Link;Cast;Score',
    `Perfect Days;102 min;2023-12-21;3 - Neutral;S2;/film/perfect-days/;${cast};8`,
    'Aftersun;96;0000-00-00;3.75;2;https://example.org/aftersun;Paul Mescal;10',
    'Past Lives;1 h 45;2023-06-02;4/5;;;Greta Lee;7',
  ].join('\n');
  const PLAN: ImportPlanInput = {
    format: 'csv',
    csv: { delimiter: ';', quote: '"', header: true },
    fields: ['title', 'runtime', 'released', 'rating', 'season', 'link', 'cast', 'score'].map((property, i) => ({
      field: `c${i}`,
      property,
      split: property === 'cast' ? '|' : null,
      scale: property === 'score' ? 10 : null,
    })),
  };

  it('reads what it can (102 min, 3 - Neutral, 3.75, 4/5, a 10-point score), leaves out the rest, cuts long lists, and names each cell by its record', async () => {
    const { owner, c } = await films();
    const report = await runImport(owner.token, c.id, CSV, 'films.csv', PLAN);
    expect(report).toMatchObject({ status: 'done', total: 3, counts: { added: 3, failed: 0, skipped: 0 } });
    const items = await itemsOf(owner.token, c.id);
    expect(items.map((i) => i.values)).toEqual([
      { title: 'Aftersun', runtime: 96, rating: 4, season: 2, link: 'https://example.org/aftersun', cast: ['Paul Mescal'], score: 5 },
      { title: 'Past Lives', released: '2023-06-02', rating: 4, cast: ['Greta Lee'], score: 3.5 },
      {
        title: 'Perfect Days',
        runtime: 102,
        released: '2023-12-21',
        rating: 3,
        cast: Array.from({ length: 50 }, (_, i) => `Actor ${i + 1}`),
        score: 4,
      },
    ]);
    expect(report.problems).toEqual([
      { row: 2, outcome: 'kept', reason: 'invalid_number', property: 'season', text: 'S2', title: 'Perfect Days' },
      { row: 2, outcome: 'kept', reason: 'invalid_url', property: 'link', text: '/film/perfect-days/', title: 'Perfect Days' },
      { row: 2, outcome: 'kept', reason: 'too_many_values', property: 'cast', text: '57', title: 'Perfect Days' },
      { row: 3, outcome: 'kept', reason: 'invalid_date', property: 'released', text: '0000-00-00', title: 'Aftersun' },
      { row: 4, outcome: 'kept', reason: 'invalid_number', property: 'runtime', text: '1 h 45', title: 'Past Lives' },
    ]);
    // The same file again changes nothing.
    expect((await runImport(owner.token, c.id, CSV, 'films.csv', PLAN)).counts).toMatchObject({ added: 0, unchanged: 3, failed: 0 });
  });

  it('still refuses a record whose title is missing, and says so by row', async () => {
    const { owner, c } = await films();
    const report = await runImport(owner.token, c.id, 'Title;Runtime\nDune;155 min\n;90\n', 'films.csv', {
      ...PLAN,
      fields: PLAN.fields.slice(0, 2),
    });
    expect(report.counts).toMatchObject({ added: 1, failed: 1 });
    expect(report.problems).toEqual([{ row: 3, outcome: 'failed', reason: 'required', property: 'title', text: '', title: null }]);
  });
});

interface Refusal {
  error: { code: string; details: { fields: { path: string; reason: string; message: string; property?: string; suggestion?: string }[] } };
}

async function propertyKeys(token: string, collectionId: number): Promise<string[]> {
  return (await getJson<{ properties: Property[] }>(`/api/v1/collections/${collectionId}/properties`, token)).properties.map((p) => p.key);
}

describe('never an empty "Done"', () => {
  const CSV_OPTIONS = { delimiter: ';', quote: '"', header: true } as const;

  it('refuses a plan that would import nothing, with the fix: the field to use as the title', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Games', type: 'board_games' });
    const before = await propertyKeys(owner.token, c.id);
    // No column is named for the title, and no column of text is filled in every record.
    const csv = 'Code;Players;Label\n1001;4;Catan\n1002;2;\n1003;5;Dixit\n';
    const plan: ImportPlanInput = {
      format: 'csv',
      csv: CSV_OPTIONS,
      fields: [{ field: 'c1', property: 'players_count', create: { label: 'Players', type: 'number', multiple: false } }],
    };
    const res = await startImport(owner.token, c.id, csv, 'games.csv', plan);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.fields[0]).toMatchObject({ path: 'plan.fields', reason: 'no_title', property: 'title', suggestion: 'c2' });
    expect(body.error.details.fields[0]!.message).toContain('“Label”');
    const french = (await (
      await call(`/api/v1/collections/${c.id}/imports`, {
        method: 'POST',
        token: owner.token,
        lang: 'fr_FR',
        body: (() => {
          const form = new FormData();
          form.set('file', new File([csv], 'games.csv'));
          form.set('plan', JSON.stringify(plan));
          return form;
        })(),
      })
    ).json()) as Refusal;
    expect(french.error.details.fields[0]!.message).toContain('n’importerait rien');
    // Nothing was made: no run, no property.
    expect(await propertyKeys(owner.token, c.id)).toEqual(before);
    expect((await getJson<{ imports: unknown[] }>(`/api/v1/collections/${c.id}/imports`, owner.token)).imports).toEqual([]);
    // The fix works.
    const fixed = await runImport(owner.token, c.id, csv, 'games.csv', {
      ...plan,
      fields: [...plan.fields, { field: 'c2', property: 'title' }],
    });
    expect(fixed.counts).toMatchObject({ added: 2, failed: 1 });
  });

  it('refuses a plan whose fields hold nothing in any record', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Untitled' });
    const plan: ImportPlanInput = {
      format: 'csv',
      csv: CSV_OPTIONS,
      fields: [{ field: 'c1', property: 'notes', create: { label: 'Notes', type: 'text', multiple: false } }],
    };
    const res = await startImport(owner.token, c.id, 'Title;Notes\nDune;\nEmma;\n', 'books.csv', plan);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Refusal).error.details.fields[0]).toMatchObject({ reason: 'nothing_mapped' });
  });

  it('lets a plan without the title update items it finds again by their reference', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    const csv = 'ISBN;Title;Year\n9780441013593;Dune;1965\n';
    const plan: ImportPlanInput = {
      format: 'csv',
      csv: CSV_OPTIONS,
      keyField: 'c0',
      fields: [
        { field: 'c1', property: 'title' },
        { field: 'c2', property: 'year' },
      ],
    };
    await runImport(owner.token, c.id, csv, 'books.csv', plan);
    const update = await runImport(owner.token, c.id, 'ISBN;Year\n9780441013593;1966\n', 'books.csv', {
      ...plan,
      fields: [{ field: 'c1', property: 'year' }],
    });
    expect(update.counts).toMatchObject({ updated: 1, failed: 0 });
  });

  it('refuses a CSV of its header row alone at once: "This file holds nothing to import"', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    for (const csv of ['Title;Author', 'Title;Author\n', 'Title;Author\r\n']) {
      const res = await startImport(owner.token, c.id, csv, 'empty.csv', {
        format: 'csv',
        csv: CSV_OPTIONS,
        fields: [{ field: 'c0', property: 'title' }],
      });
      expect(res.status, JSON.stringify(csv)).toBe(400);
      const field = ((await res.json()) as Refusal).error.details.fields[0]!;
      expect(field).toMatchObject({ path: 'file', reason: 'no_records', message: 'The file holds nothing to import.' });
    }
  });

  it('refuses a file that is not a document before any write, saying what it looks like', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    const before = await propertyKeys(owner.token, c.id);
    const plan: ImportPlanInput = {
      format: 'csv',
      fields: [{ field: 'c0', property: 'made_up', create: { label: 'Made up', type: 'text', multiple: false } }],
    };
    const binary = Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256);
    const cases: [Uint8Array | string, string, string][] = [
      [PNG_BYTES, 'image', 'a picture'],
      [gzipSync(utf8('Title,Author\nDune,Frank Herbert\n')), 'archive', 'a compressed archive'],
      ['- title: Dune\n  author: Frank Herbert\n- title: Emma\n  author: Jane Austen\n', 'yaml', 'a YAML file'],
      ['---\ntitle: Dune\n', 'yaml', 'a YAML file'],
      [binary, 'binary', 'binary data'],
      [utf8('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n'), 'pdf', 'a PDF document'],
    ];
    for (const [file, kind, words] of cases) {
      const res = await startImport(owner.token, c.id, file, 'file.csv', plan);
      expect(res.status, kind).toBe(400);
      const field = ((await res.json()) as Refusal).error.details.fields[0]!;
      expect(field, kind).toMatchObject({ path: 'file', reason: 'not_document' });
      expect(field.message, kind).toContain(words);
    }
    expect(await propertyKeys(owner.token, c.id)).toEqual(before);
  });

  it('takes away the properties a failed run created and never filled', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
    const before = await propertyKeys(owner.token, c.id);
    // A quote left open at the file's end: the run's check fails before any write.
    const broken = 'Title;Shelf\nDune;sf\n"Unfinished;x\n';
    const plan: ImportPlanInput = {
      format: 'csv',
      csv: CSV_OPTIONS,
      fields: [
        { field: 'c0', property: 'title' },
        { field: 'c1', property: 'shelf', create: { label: 'Shelf', type: 'text', multiple: false } },
      ],
    };
    const report = await runImport(owner.token, c.id, broken, 'broken.csv', plan);
    expect(report).toMatchObject({ status: 'failed', error: 'unclosed_quote' });
    expect(await propertyKeys(owner.token, c.id)).toEqual(before);
  });
});
