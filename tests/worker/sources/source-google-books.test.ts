// Google Books' module against a fake answering in the Books API's shape: words, an ISBN, the key when
// there is one, nothing found, garbage, an error status and the anonymous quota used up.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { googleBooks } from '@worker/features/sources/google-books.source';
import { SourceFailure, type SourceContext } from '@worker/features/sources/source';
import { base64, hitsOf, jsonAnswer, setAnswers } from '../../support/fake-sources';

const FAKE = env.FAKE_SOURCES_URL;
const ctx: SourceContext = { env, key: null, locale: 'en_US' };
const volumesPath = (q: string) => `/meta/googlebooks/books/v1/volumes?q=${q}&maxResults=10`;
const searchPath = (words: string) => volumesPath(encodeURIComponent(words));

const dune = {
  kind: 'books#volume',
  id: 'B1hSG45JCX4C',
  volumeInfo: {
    title: 'Dune',
    subtitle: 'Deluxe Edition',
    authors: ['Frank Herbert'],
    publisher: 'Penguin',
    publishedDate: '2005-08-02',
    description: 'Set on the desert planet Arrakis.',
    industryIdentifiers: [
      { type: 'ISBN_10', identifier: '0441013597' },
      { type: 'ISBN_13', identifier: '9780441013593' },
    ],
    pageCount: 528,
    categories: ['Fiction'],
    imageLinks: {
      smallThumbnail: 'http://books.google.com/books/content?id=B1hSG45JCX4C&printsec=frontcover&img=1&zoom=5&edge=curl&source=gbs_api',
      thumbnail: 'http://books.google.com/books/content?id=B1hSG45JCX4C&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api',
    },
    language: 'en',
    infoLink: 'https://books.google.com/books?id=B1hSG45JCX4C&source=gbs_api',
  },
};

const duneHit = {
  source: 'googlebooks',
  id: 'B1hSG45JCX4C',
  title: 'Dune',
  fields: {
    title: ['Dune'],
    subtitle: ['Deluxe Edition'],
    authors: ['Frank Herbert'],
    publisher: ['Penguin'],
    year: ['2005'],
    summary: ['Set on the desert planet Arrakis.'],
    isbn: ['9780441013593'],
    pages: ['528'],
    genre: ['Fiction'],
    language: ['en'],
    cover: ['https://books.google.com/books/content?id=B1hSG45JCX4C&printsec=frontcover&img=1&zoom=1&source=gbs_api'],
    link: ['https://books.google.com/books?id=B1hSG45JCX4C&source=gbs_api'],
  },
};

describe('Google Books', () => {
  it('searches words: one hit per volume with its ISBN-13, year and the thumbnail without its curl', async () => {
    await setAnswers(FAKE, searchPath('dune herbert'), [
      jsonAnswer({
        kind: 'books#volumes',
        totalItems: 3,
        items: [
          dune,
          {
            id: 'oldDune',
            volumeInfo: {
              title: 'Dune',
              authors: ['Frank Herbert'],
              publishedDate: '1965',
              industryIdentifiers: [
                { type: 'OTHER', identifier: 'UOM:39015004012353' },
                { type: 'ISBN_10', identifier: '0801950775' },
              ],
            },
          },
          { id: 'untitled', volumeInfo: {} },
        ],
      }),
    ]);
    expect(await googleBooks.search(ctx, 'dune herbert')).toEqual([
      duneHit,
      {
        source: 'googlebooks',
        id: 'oldDune',
        title: 'Dune',
        fields: { title: ['Dune'], authors: ['Frank Herbert'], year: ['1965'], isbn: ['0801950775'] },
      },
    ]);
  });

  it('looks up an ISBN as isbn:<code>, and answers nothing when Google leaves the items out', async () => {
    await setAnswers(FAKE, volumesPath('isbn:9780441013593'), [jsonAnswer({ kind: 'books#volumes', totalItems: 1, items: [dune] })]);
    await setAnswers(FAKE, volumesPath('isbn:9780000000002'), [jsonAnswer({ kind: 'books#volumes', totalItems: 0 })]);
    expect(await googleBooks.lookUpCode(ctx, '9780441013593')).toEqual([duneHit]);
    expect(await googleBooks.lookUpCode(ctx, '9780000000002')).toEqual([]);
    // Asked and answered empty, not a 404 (which would also be nothing).
    expect((await hitsOf(FAKE, volumesPath('isbn:9780000000002'))).hits).toBe(1);
  });

  it('sends the key when there is one', async () => {
    await setAnswers(FAKE, `${searchPath('dune')}&key=abc%2B123`, [jsonAnswer({ totalItems: 1, items: [dune] })]);
    expect(await googleBooks.search({ ...ctx, key: 'abc+123' }, 'dune')).toEqual([duneHit]);
  });

  it('names what went wrong: garbage, an error status, the quota used up', async () => {
    await setAnswers(FAKE, searchPath('garbage'), [{ body: base64('<html>maintenance</html>') }]);
    await setAnswers(FAKE, searchPath('wrong shape'), [jsonAnswer(['not', 'an', 'object'])]);
    await setAnswers(FAKE, searchPath('down'), [{ status: 500 }]);
    await setAnswers(FAKE, searchPath('quota'), [{ status: 429 }]);
    const problem = (words: string) =>
      googleBooks.search(ctx, words).then(
        () => null,
        (err: unknown) => (err instanceof SourceFailure ? [err.problem, err.status] : err),
      );
    expect(await problem('garbage')).toEqual(['malformed', null]);
    expect(await problem('wrong shape')).toEqual(['malformed', null]);
    expect(await problem('down')).toEqual(['unreachable', 500]);
    expect(await problem('quota')).toEqual(['busy', 429]);
  });
});
