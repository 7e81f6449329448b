// MusicBrainz's module against a fake answering in WS/2's shape (a release search in JSON): words, a
// barcode, nothing found, garbage, an error status.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { musicBrainz } from '@worker/features/sources/musicbrainz.source';
import { SourceFailure, type SourceContext } from '@worker/features/sources/source';
import { base64, hitsOf, jsonAnswer, setAnswers } from '../../support/fake-sources';

const FAKE = env.FAKE_SOURCES_URL;
const ctx: SourceContext = { env, key: null, locale: 'en_US' };
const releasePath = (query: string) => `/meta/musicbrainz/ws/2/release?query=${query}&fmt=json&limit=10`;
const searchPath = (words: string) => releasePath(encodeURIComponent(words));

const RAM_ID = '5000a285-b67e-4cfc-b54b-2b98f1810d2e';
const ram = {
  id: RAM_ID,
  score: 100,
  title: 'Random Access Memories',
  status: 'Official',
  date: '2013-05-17',
  country: 'FR',
  barcode: '886443927087',
  'artist-credit': [{ name: 'Daft Punk', artist: { id: '056e4f3e-d505-4dad-8ec1-d04f521cbb56', name: 'Daft Punk' } }],
  'label-info': [{ 'catalog-number': '88883716862', label: { id: 'x', name: 'Columbia' } }],
  'track-count': 13,
  media: [{ format: 'CD', 'disc-count': 1, 'track-count': 13 }],
};
const ramHit = {
  source: 'musicbrainz',
  id: RAM_ID,
  title: 'Random Access Memories',
  fields: {
    title: ['Random Access Memories'],
    authors: ['Daft Punk'],
    year: ['2013'],
    publisher: ['Columbia'],
    barcode: ['886443927087'],
    format: ['CD'],
    cover: [`${FAKE}/meta/musicbrainz-covers/release/${RAM_ID}/front-500`],
    link: [`https://musicbrainz.org/release/${RAM_ID}`],
  },
};

describe('MusicBrainz', () => {
  it('searches words: one hit per release with its credited artists, first label, barcode and cover address', async () => {
    await setAnswers(FAKE, searchPath('random access memories'), [
      jsonAnswer({
        created: '2024-01-01T00:00:00.000Z',
        count: 3,
        offset: 0,
        releases: [
          ram,
          {
            id: 'b1c2d3e4-0000-4000-8000-000000000001',
            title: 'Get Lucky',
            date: '2013',
            'artist-credit': [
              { name: 'Daft Punk', joinphrase: ' feat. ', artist: { name: 'Daft Punk' } },
              { artist: { name: 'Pharrell Williams' } },
            ],
            media: [{ format: '12" Vinyl', 'track-count': 2 }],
          },
          { id: 'untitled' },
        ],
      }),
    ]);
    expect(await musicBrainz.search(ctx, 'random access memories')).toEqual([
      ramHit,
      {
        source: 'musicbrainz',
        id: 'b1c2d3e4-0000-4000-8000-000000000001',
        title: 'Get Lucky',
        fields: {
          title: ['Get Lucky'],
          authors: ['Daft Punk', 'Pharrell Williams'],
          year: ['2013'],
          format: ['12" Vinyl'],
          cover: [`${FAKE}/meta/musicbrainz-covers/release/b1c2d3e4-0000-4000-8000-000000000001/front-500`],
          link: ['https://musicbrainz.org/release/b1c2d3e4-0000-4000-8000-000000000001'],
        },
      },
    ]);
  });

  it('looks up a barcode, and answers nothing for a barcode it does not know', async () => {
    await setAnswers(FAKE, releasePath('barcode:886443927087'), [jsonAnswer({ count: 1, offset: 0, releases: [ram] })]);
    await setAnswers(FAKE, releasePath('barcode:0000000000000'), [jsonAnswer({ count: 0, offset: 0, releases: [] })]);
    expect(await musicBrainz.lookUpCode(ctx, '886443927087')).toEqual([ramHit]);
    expect(await musicBrainz.lookUpCode(ctx, '0000000000000')).toEqual([]);
    // Asked and answered empty, not a 404 (which would also be nothing).
    expect((await hitsOf(FAKE, releasePath('barcode:0000000000000'))).hits).toBe(1);
  });

  it('names what went wrong: garbage, an error status', async () => {
    await setAnswers(FAKE, searchPath('garbage'), [{ body: base64('<html>maintenance</html>') }]);
    await setAnswers(FAKE, searchPath('wrong shape'), [jsonAnswer({ error: 'no releases here' })]);
    await setAnswers(FAKE, searchPath('down'), [{ status: 500 }]);
    const problem = (words: string) =>
      musicBrainz.search(ctx, words).then(
        () => null,
        (err: unknown) => (err instanceof SourceFailure ? [err.problem, err.status] : err),
      );
    expect(await problem('garbage')).toEqual(['malformed', null]);
    expect(await problem('wrong shape')).toEqual(['malformed', null]);
    expect(await problem('down')).toEqual(['unreachable', 500]);
  });
});
