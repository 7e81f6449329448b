// A restore's run on the profile page: a collection whose import left values out, or refused items,
// says how many and leads to that import's report (which names each one and why), in English and French;
// a collection restored whole has no such link.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountArchive, ArchivedCollection } from '@shared/schemas/account-archives';
import { AccountArchives } from '@web/features/profile/components/account-archives';
import { json, mockFetch, renderWithApp } from '../helpers';

const part = (name: string, collectionId: number, importId: number, extra: Partial<ArchivedCollection> = {}): ArchivedCollection => ({
  name,
  collectionId,
  importId,
  importStatus: 'done',
  total: 3,
  processed: 3,
  failed: 0,
  leftOut: 0,
  items: 0,
  pictures: 0,
  ...extra,
});

const restore: AccountArchive = {
  id: 7,
  kind: 'restore',
  status: 'done',
  phase: 'done',
  total: 2,
  restored: 2,
  collections: [part('Shelf', 41, 90, { leftOut: 2, failed: 1 }), part('Films', 42, 91)],
  problem: null,
  problemPart: null,
  file: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  finishedAt: '2026-01-02T10:01:00.000Z',
};

describe('the summary of a restore', () => {
  it('counts what a collection left out and leads to its import’s report', async () => {
    mockFetch(() => json({ archives: [restore] }));
    renderWithApp(<AccountArchives disabled={false} />);
    expect(await screen.findByText(/3 items, 1 refused, 2 values left out/)).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'See what and why' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/collection/41/manage/import/90']);
    expect(screen.getByRole('link', { name: 'Films' })).toBeInTheDocument();
  });

  it('says it in French', async () => {
    mockFetch(() => json({ archives: [restore] }));
    renderWithApp(<AccountArchives disabled={false} />, { locale: 'fr_FR' });
    expect(await screen.findByText(/3 objets, 1 refusé, 2 valeurs laissées de côté/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir quoi et pourquoi' })).toHaveAttribute('href', '/collection/41/manage/import/90');
  });
});
