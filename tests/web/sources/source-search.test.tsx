// "Find in a catalogue" says what stands in the way: a catalogue without its key before any search, and
// a catalogue that did not answer instead of advice about the words.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SourceOffer } from '@shared/schemas/sources';
import { SourceSearch } from '@web/features/sources/components/source-search';
import { json, mockFetch, renderWithApp } from '../helpers';

function renderSearch(offers: SourceOffer[], answer: unknown, locale: 'en_US' | 'fr_FR' = 'en_US') {
  mockFetch(() => json(answer));
  renderWithApp(
    <SourceSearch
      collectionId={3}
      collectionType="movies"
      offers={offers}
      properties={[]}
      readOnly={false}
      onCreate={async () => undefined}
    />,
    {
      locale,
    },
  );
}

describe('Find in a catalogue', () => {
  it('says a catalogue needs a key before any search', () => {
    renderSearch([{ id: 'tmdb', name: 'TMDB', ready: false, barcodes: false }], { hits: [], problems: [] });
    expect(screen.getByRole('note')).toHaveTextContent('TMDB needs a key, and none is set: the administrator can add one.');
  });

  it('says a catalogue could not answer, not to try fewer words, in French too', async () => {
    renderSearch(
      [{ id: 'openlibrary', name: 'Open Library', ready: true, barcodes: true }],
      { hits: [], problems: [{ source: 'openlibrary', problem: 'unreachable' }] },
      'fr_FR',
    );
    await userEvent.type(screen.getByRole('searchbox'), 'Dune');
    await userEvent.click(screen.getByRole('button', { name: 'Chercher' }));
    expect(await screen.findByText('Un catalogue n’a pas pu répondre (voir plus haut) : réessayez dans un moment.')).toBeInTheDocument();
    expect(screen.queryByText(/moins de mots/)).not.toBeInTheDocument();
  });

  it('still suggests fewer words when every catalogue answered with nothing', async () => {
    renderSearch([{ id: 'openlibrary', name: 'Open Library', ready: true, barcodes: true }], { hits: [], problems: [] });
    await userEvent.type(screen.getByRole('searchbox'), 'Dune');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Try fewer words, or the ISBN printed on the back.')).toBeInTheDocument();
  });
});
