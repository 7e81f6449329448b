// Files whose title column is not called "Title", cells that cannot be stored as their property's type,
// and plans or files that would import nothing: each record comes in, or the run says exactly why not.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImportPlanInput } from '../../shared/schemas/imports';
import { itemsOf, runImport } from '../support/worker-imports';
import { createUser } from '../support/worker-app';
import { addProperty, createCollection } from '../support/worker-catalogue';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A Letterboxd export's watched.csv (Date, Name, Year, Letterboxd URI). */
const LETTERBOXD_WATCHED =
  'Date,Name,Year,Letterboxd URI\n2023-01-04,Perfect Days,2023,https://boxd.it/abc1\n2023-02-11,Aftersun,2022,https://boxd.it/abc2\n2023-03-09,Past Lives,2023,https://boxd.it/abc3\n';
const LETTERBOXD_COMMENTS = 'Date,Content,Comment\n2023-02-12,Aftersun,"What a film"\n';

describe('the field that names the items is found by its meaning', () => {
  it("takes Letterboxd's Name as the title when the plan sends nothing to it", async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Films', type: 'movies' });
    const plan: ImportPlanInput = { format: 'csv', csv: { delimiter: ',', quote: '"', header: true }, fields: [{ field: 'c2', property: 'year' }] };
    const report = await runImport(owner.token, c.id, LETTERBOXD_WATCHED, 'watched.csv', plan);
    expect(report).toMatchObject({ status: 'done', counts: { added: 3, failed: 0 } });
    expect((await itemsOf(owner.token, c.id)).map((i) => [i.values.title, i.values.year])).toEqual([
      ['Aftersun', 2022],
      ['Past Lives', 2023],
      ['Perfect Days', 2023],
    ]);
  });

  it("takes a French list's Titre, and Inventaire's lowercase title among other columns", async () => {
    const owner = await createUser();
    const books = await createCollection(owner.token, { name: 'Livres', type: 'books' });
    const french = 'Auteur;Titre;Année\nVictor Hugo;Les Misérables;1862\nÉmile Zola;Germinal;1885\n';
    const plan: ImportPlanInput = { format: 'csv', csv: { delimiter: ';', quote: '"', header: true }, fields: [{ field: 'c2', property: 'year' }] };
    expect((await runImport(owner.token, books.id, french, 'liste.csv', plan)).counts).toMatchObject({ added: 2, failed: 0 });
    expect((await itemsOf(owner.token, books.id)).map((i) => i.values.title)).toEqual(['Germinal', 'Les Misérables']);
    const inventaire = await createCollection(owner.token, { name: 'Inventaire', type: 'books' });
    const csv =
      'uri,isbn,authors,title,subtitle,publicationDate\nisbn:9782070360024,9782070360024,Albert Camus,L’Étranger,,1942\nwd:Q180736,,Jules Verne,Vingt mille lieues sous les mers,Tour du monde sous-marin,1870\n';
    const plain: ImportPlanInput = { format: 'csv', csv: { delimiter: ',', quote: '"', header: true }, fields: [{ field: 'c2', property: 'authors' }] };
    expect((await runImport(owner.token, inventaire.id, csv, 'inventaire.csv', plain)).counts).toMatchObject({ added: 2, failed: 0 });
    expect((await itemsOf(owner.token, inventaire.id)).map((i) => i.values.title)).toEqual(['L’Étranger', 'Vingt mille lieues sous les mers']);
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
      'diary.csv': utf8('Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2023-01-05,Perfect Days,2023,https://boxd.it/d1,4.5,,,2023-01-04\n'),
      'watched.csv': utf8(LETTERBOXD_WATCHED),
    });
    const plan: ImportPlanInput = { format: 'csv', csv: { delimiter: ',', quote: '"', header: true }, fields: [{ field: 'c2', property: 'year' }] };
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
