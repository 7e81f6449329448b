import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TagsEditor } from '@web/features/collections/components/tags-editor';
import type { Collection } from '@shared/schemas/collections';
import { json, mockFetch, renderWithApp } from '../helpers';

const collection: Collection = {
  id: 4,
  ownerId: 1,
  ownerName: 'ann',
  type: 'books',
  name: 'Books',
  description: null,
  image: null,
  tags: ['sf', 'paperbacks'],
  visibility: 0,
  borrowable: 3,
  loanPeriodDays: 21,
  reminderDays: 2,
  offerDays: 3,
  itemCount: 0,
  isOwner: true,
  role: 'owner',
  covers: [],
  pendingRequests: 0,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('edit tags from the collection page', () => {
  it('sends the typed tags and reports success', async () => {
    const { calls } = mockFetch(() => json({ ...collection, tags: ['sf', 'classics'] }));
    renderWithApp(<TagsEditor collection={collection} disabled={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit tags' }));
    const input = await screen.findByLabelText('Tags, separated by commas');
    expect(input).toHaveValue('sf, paperbacks');
    await userEvent.clear(input);
    await userEvent.type(input, 'sf, classics, sf');
    await userEvent.click(screen.getByRole('button', { name: 'Save tags' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body])).toEqual([
        ['/api/v1/collections/4', { tags: ['sf', 'classics'] }],
      ]),
    );
    expect(await screen.findByText('Operation succeeded!')).toBeInTheDocument();
  });

  it('is disabled in demo mode', () => {
    mockFetch(() => json({}));
    renderWithApp(<TagsEditor collection={collection} disabled />);
    expect(screen.getByRole('button', { name: 'Edit tags' })).toBeDisabled();
  });
});
