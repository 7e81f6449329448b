// Files whose title column is not called "Title", cells that cannot be stored as their property's type,
// and plans or files that would import nothing: each record comes in, or the run says exactly why not.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImportPlanInput } from '../../shared/schemas/imports';
import { itemsOf, runImport } from '../support/worker-imports';
import { createUser } from '../support/worker-app';
import { createCollection } from '../support/worker-catalogue';

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
