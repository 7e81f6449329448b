// ISBNs and barcodes read from what people type, and a source's hit put into a collection's properties:
// by key, by kindred key, by role, with the collection's remembered choices and the types each field fits.
import { describe, expect, it } from 'vitest';
import { codeForms, isbn13To10, readCode } from '@shared/sources/codes';
import { defaultSourceMapping, effectiveSourceMapping, propertiesFitting, sourceValues } from '@shared/sources/mapping';
import { mappableProperty as prop } from '../../support/mappable-property';

describe('codes', () => {
  it('reads ISBN-10 (X included) and ISBN-13 with separators, EAN-13, UPC-A and EAN-8, check digits verified', () => {
    expect(readCode('978-2-07-061275-8')).toEqual({ code: '9782070612758', isbn: true });
    expect(readCode('ISBN 2-07-061275-9')).toEqual({ code: '9782070612758', isbn: true });
    expect(readCode('080442957X')).toEqual({ code: '9780804429573', isbn: true });
    expect(readCode('4006381333931')).toEqual({ code: '4006381333931', isbn: false });
    expect(readCode('036000291452')).toEqual({ code: '036000291452', isbn: false });
    expect(readCode('96385074')).toEqual({ code: '96385074', isbn: false });
    expect(readCode('978-2-07-061275-9')).toBeNull();
    expect(readCode('the dispossessed')).toBeNull();
    expect(readCode('12345')).toBeNull();
  });

  it('gives every form a stored code may take', () => {
    expect(isbn13To10('9782070612758')).toBe('2070612759');
    expect(isbn13To10('9791032305690')).toBeNull();
    expect(codeForms('9780804429573')).toEqual(['9780804429573', '080442957X']);
    expect(codeForms('036000291452')).toEqual(['036000291452', '0036000291452']);
  });
});

describe('source mapping', () => {
  const books = [
    prop('title', 'text', { isTitle: true, required: true }),
    prop('cover', 'image', { isCover: true }),
    prop('authors', 'text', { multiple: true }),
    prop('year', 'number'),
    prop('isbn', 'text', { isReference: true }),
    prop('summary', 'longtext'),
  ];

  it('maps a template collection by key, and a custom one by kindred key and role', () => {
    const mapping = defaultSourceMapping(books);
    expect(mapping).toMatchObject({
      title: 'title',
      cover: 'cover',
      authors: 'authors',
      year: 'year',
      isbn: 'isbn',
      summary: 'summary',
      barcode: null,
      genre: null,
    });
    const comics = [
      prop('name', 'text', { isTitle: true }),
      prop('picture', 'image', { isCover: true }),
      prop('writers', 'text', { multiple: true }),
      prop('ean', 'text', { isReference: true }),
      prop('synopsis', 'longtext'),
    ];
    expect(defaultSourceMapping(comics)).toMatchObject({
      title: 'name',
      cover: 'picture',
      authors: 'writers',
      isbn: 'ean',
      barcode: null,
      summary: 'synopsis',
    });
  });

  it('takes the collection’s remembered choices, ignoring properties gone or of a type the field cannot fill', () => {
    const mapping = effectiveSourceMapping(books, { summary: null, year: 'isbn', cover: 'title', genre: 'gone' });
    expect(mapping).toMatchObject({ summary: null, year: 'isbn', cover: 'cover', genre: null });
    // A year does not go into a long text: the default stands.
    expect(effectiveSourceMapping(books, { year: 'summary' }).year).toBe('year');
    expect(propertiesFitting('cover', books).map((p) => p.key)).toEqual(['cover']);
    expect(propertiesFitting('year', books).map((p) => p.key)).toEqual(['title', 'authors', 'year', 'isbn']);
  });

  it('turns a hit into values: numbers read, texts of a single property joined, the cover as stored', () => {
    const hit = {
      fields: {
        title: ['The Dispossessed'],
        authors: ['Ursula K. Le Guin', 'Ursula K. Le Guin'],
        year: ['1974'],
        isbn: ['9780061054884'],
        cover: ['https://covers.example/42.jpg'],
      },
    };
    const stored = new Map([['https://covers.example/42.jpg', 'media://collections/1/abc.png']]);
    const { values, problems } = sourceValues(hit, defaultSourceMapping(books), books, stored);
    expect(problems).toEqual([]);
    expect(values).toEqual({
      title: 'The Dispossessed',
      authors: ['Ursula K. Le Guin'],
      year: 1974,
      isbn: '9780061054884',
      cover: 'media://collections/1/abc.png',
    });
    // No stored cover: the item is made without one.
    expect(sourceValues(hit, defaultSourceMapping(books), books).values.cover).toBeUndefined();
  });
});
