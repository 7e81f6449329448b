// Filling an item form from a source's hit: which fields are checked at first (only those whose property
// the form leaves empty), the mapping of the checked ones, what the form's inputs hold as values, and
// values put back into inputs as each property type's input holds them.
import { describe, expect, it } from 'vitest';
import { defaultSourceMapping, sourceValues } from '@shared/sources/mapping';
import { fieldFills, mappingOf, suggestedFill } from '@web/features/sources/fill-choice';
import { textsWithValues, valueFromTexts, valuesOfTexts } from '@web/lib/value-form';
import { mappableProperty as prop } from '../../support/mappable-property';

const books = [
  prop('title', 'text', { isTitle: true, required: true }),
  prop('cover', 'image', { isCover: true }),
  prop('authors', 'text', { multiple: true }),
  prop('publisher', 'text'),
  prop('year', 'number'),
  prop('pages', 'number'),
  prop('isbn', 'text', { isReference: true }),
];

const hit = {
  fields: {
    title: ['The Dispossessed'],
    cover: ['https://covers.example/42.jpg'],
    authors: ['Ursula K. Le Guin'],
    publisher: ['Harper & Row'],
    year: ['1974'],
    pages: ['about four hundred'],
    genre: ['Science fiction'],
  },
};

describe('which fields fill the form', () => {
  const mapping = defaultSourceMapping(books);
  const preview = sourceValues(hit, mapping, books, new Map([['https://covers.example/42.jpg', 'https://covers.example/42.jpg']])).values;
  const fields = ['title', 'cover', 'authors', 'publisher', 'year', 'pages', 'genre'] as const;

  it('checks at first only the fields whose property the form leaves empty', () => {
    const form = { title: 'Dispossessed (typed)', cover: null, authors: [], publisher: 'Gollancz', year: null, pages: null, isbn: null };
    expect([...suggestedFill(fields, mapping, preview, form)]).toEqual(['cover', 'authors', 'year']);
    // A new item's empty form: every field that gives a value.
    expect([...suggestedFill(fields, mapping, preview, {})]).toEqual(['title', 'cover', 'authors', 'publisher', 'year']);
  });

  it('never offers a field that goes nowhere or whose text cannot be read there', () => {
    expect(fieldFills('genre', mapping, preview)).toBe(false);
    expect(fieldFills('pages', mapping, preview)).toBe(false);
    expect(fieldFills('year', mapping, preview)).toBe(true);
  });

  it('keeps only the checked fields in the mapping used to fill', () => {
    const only = mappingOf(mapping, new Set(['authors', 'cover'] as const));
    expect(only).toMatchObject({ authors: 'authors', cover: 'cover', title: null, year: null });
    const stored = new Map([['https://covers.example/42.jpg', 'media://collections/1/abc.png']]);
    expect(sourceValues(hit, only, books, stored).values).toEqual({
      authors: ['Ursula K. Le Guin'],
      cover: 'media://collections/1/abc.png',
    });
    // The cover could not be fetched: the rest fills all the same.
    expect(sourceValues(hit, only, books).values).toEqual({ authors: ['Ursula K. Le Guin'] });
  });
});

describe('form values and inputs', () => {
  const fields = [
    { key: 'title', type: 'text' as const, multiple: false, required: true },
    { key: 'authors', type: 'text' as const, multiple: true },
    { key: 'pages', type: 'number' as const, multiple: false },
    { key: 'released', type: 'date' as const, multiple: false },
    { key: 'seen', type: 'datetime' as const, multiple: false },
    { key: 'cover', type: 'image' as const, multiple: false },
    { key: 'summary', type: 'longtext' as const, multiple: false },
  ];

  it('reads what the inputs hold: a blank required input is empty, a text not readable yet is not', () => {
    const values = valuesOfTexts(fields, {
      title: [''],
      authors: ['', 'Le Guin'],
      pages: ['12a'],
      released: [''],
      cover: ['media://collections/1/a.png'],
    });
    expect(values).toEqual({
      title: null,
      authors: ['Le Guin'],
      pages: ['12a'],
      released: null,
      seen: null,
      cover: 'media://collections/1/a.png',
      summary: null,
    });
  });

  it('puts values into inputs as each type holds them, and leaves the other inputs alone', () => {
    const texts = { title: ['Kept'], authors: [''], pages: [''], released: [''], seen: [''], cover: [''], summary: ['Typed'] };
    const filled = textsWithValues(fields, texts, {
      authors: ['Ursula K. Le Guin', 'Someone Else'],
      pages: 387,
      released: '1974-05-01',
      seen: '2024-03-01T10:30:00.000Z',
      cover: 'media://collections/1/abc.png',
      unknown: 'passed over',
    });
    expect(filled.title).toEqual(['Kept']);
    expect(filled.summary).toEqual(['Typed']);
    expect(filled.authors).toEqual(['Ursula K. Le Guin', 'Someone Else']);
    expect(filled.pages).toEqual(['387']);
    expect(filled.released).toEqual(['1974-05-01']);
    expect(filled.cover).toEqual(['media://collections/1/abc.png']);
    expect(filled).not.toHaveProperty('unknown');
    // Read back as the form sends them, the values are the ones put in.
    for (const key of ['authors', 'pages', 'released', 'seen', 'cover'] as const) {
      const field = fields.find((f) => f.key === key)!;
      const outcome = valueFromTexts(field, filled[key]!);
      expect(outcome.ok).toBe(true);
    }
    expect(valueFromTexts(fields[2]!, filled.pages!)).toMatchObject({ value: 387 });
    expect(valueFromTexts(fields[4]!, filled.seen!)).toMatchObject({ value: '2024-03-01T10:30:00.000Z' });
  });

  it('empties an input given null', () => {
    expect(textsWithValues(fields, { title: ['Old'] }, { title: null }).title).toEqual(['']);
  });
});
