// A new property made for a field that means a template field is keyed like the template's, so the
// server can name it in each reader's language; other columns are keyed from their names.
import { describe, expect, it } from 'vitest';
import { defaultDraft, planOf, readImportFile } from '@web/features/imports/import-draft';

const GOODREADS =
  'Book Id,Title,Author,Additional Authors,My Rating,Exclusive Shelf,Bookshelves,Shelf Note\n1,Good Omens,Terry Pratchett,Neil Gaiman,5,read,,gift\n';

describe('the keys of an import’s new properties', () => {
  it('are the template’s for fields that mean a template field', async () => {
    const reading = await readImportFile(new Blob([GOODREADS]), { encoding: 'auto', format: null, csv: null });
    expect(reading.format).toBe('goodreads');
    const plan = planOf(reading, defaultDraft(reading, []), [], (n) => `Column ${n}`);
    const byField = Object.fromEntries(plan.fields.map((f) => [f.field, [f.property, f.create?.label]]));
    expect(byField.authors).toEqual(['authors', 'Author']);
    expect(byField.rating).toEqual(['rating', 'My Rating']);

    const plain = await readImportFile(new Blob(['Title,Author\nDune,Frank Herbert\n']), { encoding: 'auto', format: null, csv: null });
    const keys = planOf(plain, defaultDraft(plain, []), [], (n) => `Column ${n}`).fields.map((f) => f.property);
    expect(keys).toEqual(['title', 'author']);
  });
});
