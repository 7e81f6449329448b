// The lending overview of an editor or co-owner: the loans of collections shared with them are named by
// their collection, and their borrower (the owner's) is not a link to a page the editor cannot open.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Loan } from '@shared/schemas/lending';
import { apiError, apiInfo, json, mockFetch, renderRoute, signIn } from '../helpers';
import { makeLoan } from './loan-fixtures';

const loan = (id: number, collectionId: number, collectionName: string, title: string, borrower: string): Loan =>
  makeLoan({
    id,
    item: { id: id * 10, collectionId, collectionName, title, cover: null, reference: null },
    borrower: { id: id * 100, name: borrower, email: null },
    dueOn: '2099-03-22',
  });

afterEach(() => window.localStorage.clear());

describe('lending overview with shared collections', () => {
  it('labels the loans of a collection shared with the caller and does not link their borrower', async () => {
    signIn('alice');
    mockFetch((call) => {
      if (call.url === '/api/v1/') return json(apiInfo());
      if (call.url === '/api/v1/settings') return json({ loansEnabled: true });
      if (call.url === '/api/v1/lending') {
        return json({
          overdue: [],
          requests: [],
          current: [loan(1, 2, 'Comics', 'Tintin', 'Bob Durand'), loan(2, 9, 'Club games', 'Catan', 'Chloé Petit')],
          sharedCollectionIds: [9],
        });
      }
      return apiError(404, 'NOT_FOUND');
    });
    renderRoute('/borrowers/loans');
    const rows = within(await screen.findByRole('list', { name: 'Lent (2)' })).getAllByRole('listitem');
    const [own, shared] = rows;
    await within(shared!).findByText(/in “Club games”, shared with you/);
    expect(within(shared!).getByRole('link', { name: 'Catan' })).toHaveAttribute('href', '/collection/9/item/20');
    expect(within(shared!).queryByRole('link', { name: 'Chloé Petit' })).not.toBeInTheDocument();
    expect(within(own!).getByRole('link', { name: 'Bob Durand' })).toHaveAttribute('href', '/borrowers/100');
    expect(own!.textContent).not.toContain('shared with you');
  });
});
