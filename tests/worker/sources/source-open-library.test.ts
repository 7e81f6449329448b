// Open Library's module against a fake answering in Open Library's shapes (search.json, the Books API):
// words, an ISBN, nothing found, garbage, an error status and a source too slow to wait for.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { openLibrary } from '@worker/features/sources/open-library.source';
import { SourceFailure, type SourceContext } from '@worker/features/sources/source';
import { base64, jsonAnswer, setAnswers } from '../../support/fake-sources';

const FAKE = env.FAKE_SOURCES_URL;
const ctx: SourceContext = { env, key: null, locale: 'en_US' };
const SEARCH_FIELDS = 'key,title,subtitle,author_name,first_publish_year,publisher,isbn,cover_i,number_of_pages_median,language,subject';
const searchPath = (q: string) => `/meta/openlibrary/search.json?q=${encodeURIComponent(q)}&limit=10&fields=${SEARCH_FIELDS}`;

describe('Open Library', () => {
  it('searches words: one hit per work with its authors, first year, an ISBN-13 and the cover address', async () => {
    await setAnswers(FAKE, searchPath('the left hand of darkness'), [
      jsonAnswer({
        numFound: 2,
        docs: [
          {
            key: '/works/OL59800W',
            title: 'The Left Hand of Darkness',
            author_name: ['Ursula K. Le Guin'],
            first_publish_year: 1969,
            publisher: ['Ace Books', 'Orbit'],
            isbn: ['0441478123', '9780441478125'],
            cover_i: 8231996,
            number_of_pages_median: 304,
            language: ['eng', 'fre'],
            subject: ['Science fiction', 'Gender', 'Winter', 'Planets', 'Diplomats', 'Ambisexuality'],
          },
          { key: '/works/OL1W' },
        ],
      }),
    ]);
    const hits = await openLibrary.search(ctx, 'the left hand of darkness');
    expect(hits).toEqual([
      {
        source: 'openlibrary',
        id: '/works/OL59800W',
        title: 'The Left Hand of Darkness',
        fields: {
          title: ['The Left Hand of Darkness'],
          authors: ['Ursula K. Le Guin'],
          year: ['1969'],
          publisher: ['Ace Books'],
          isbn: ['9780441478125'],
          pages: ['304'],
          language: ['eng'],
          genre: ['Science fiction', 'Gender', 'Winter', 'Planets', 'Diplomats'],
          cover: [`${FAKE}/meta/openlibrary-covers/b/id/8231996-L.jpg`],
          link: ['https://openlibrary.org/works/OL59800W'],
        },
      },
    ]);
  });

  it('looks up an ISBN with the Books API, and answers nothing for an ISBN it does not know', async () => {
    const path = (isbn: string) => `/meta/openlibrary/api/books?bibkeys=ISBN:${isbn}&format=json&jscmd=data`;
    await setAnswers(FAKE, path('9782070612758'), [
      jsonAnswer({
        'ISBN:9782070612758': {
          key: '/books/OL26331930M',
          title: "Harry Potter à l'école des sorciers",
          authors: [{ name: 'J. K. Rowling', url: 'https://openlibrary.org/authors/OL23919A' }],
          publishers: [{ name: 'Gallimard Jeunesse' }],
          publish_date: 'Oct 12, 2017',
          number_of_pages: 320,
          identifiers: { isbn_13: ['9782070612758'] },
          cover: { small: 'http://covers.example/s.jpg', large: 'http://covers.example/l.jpg' },
          subjects: [{ name: 'Wizards' }],
        },
      }),
    ]);
    await setAnswers(FAKE, path('9780000000002'), [jsonAnswer({})]);
    expect(await openLibrary.lookUpCode(ctx, '9782070612758')).toEqual([
      {
        source: 'openlibrary',
        id: '/books/OL26331930M',
        title: "Harry Potter à l'école des sorciers",
        fields: {
          title: ["Harry Potter à l'école des sorciers"],
          authors: ['J. K. Rowling'],
          year: ['2017'],
          publisher: ['Gallimard Jeunesse'],
          isbn: ['9782070612758'],
          pages: ['320'],
          genre: ['Wizards'],
          cover: ['https://covers.example/l.jpg'],
          link: ['https://openlibrary.org/books/OL26331930M'],
        },
      },
    ]);
    expect(await openLibrary.lookUpCode(ctx, '9780000000002')).toEqual([]);
  });

  it('names what went wrong: garbage, an error status, no answer in time', async () => {
    await setAnswers(FAKE, searchPath('garbage'), [{ body: base64('<html>maintenance</html>') }]);
    await setAnswers(FAKE, searchPath('wrong shape'), [jsonAnswer({ docs: 'none' })]);
    await setAnswers(FAKE, searchPath('down'), [{ status: 500 }]);
    await setAnswers(FAKE, searchPath('slow'), [{ ...jsonAnswer({ docs: [] }), delayMs: 3_000 }]);
    const problem = (words: string) =>
      openLibrary.search(ctx, words).then(
        () => null,
        (err: unknown) => (err instanceof SourceFailure ? [err.problem, err.status] : err),
      );
    expect(await problem('garbage')).toEqual(['malformed', null]);
    expect(await problem('wrong shape')).toEqual(['malformed', null]);
    expect(await problem('down')).toEqual(['unreachable', 500]);
    expect(await problem('slow')).toEqual(['timeout', null]);
  });
});
