// The requester's private page: where the request stands, cancelling it after a confirmation, and a link
// that no longer leads anywhere. The token travels in the request body, never in an API address.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, apiInfo, json, mockFetch, renderRoute } from '../helpers';
import { makeBorrowStatus } from './loan-fixtures';

describe('the borrow status page', () => {
  it('says where the request stands and cancels it after a confirmation', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/v1/borrow-requests/status') return json(makeBorrowStatus());
      if (call.url === '/api/v1/borrow-requests/cancel') return json({ ok: true });
      return json(apiInfo());
    });
    renderRoute('/borrow/status?token=secret-token');
    expect(await screen.findByText('Alice has your request and has not answered yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your request to borrow Dune' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel my request' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.url === '/api/v1/borrow-requests/cancel')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel my request' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Your request is cancelled. The owner will not see it any more.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/v1/borrow-requests')).map((c) => [c.url, c.body])).toEqual([
      ['/api/v1/borrow-requests/status', { token: 'secret-token' }],
      ['/api/v1/borrow-requests/cancel', { token: 'secret-token' }],
    ]);
  });

  it('shows the owner’s answer and the due date, and no cancel once lent', async () => {
    mockFetch((call) =>
      call.url === '/api/v1/borrow-requests/status'
        ? json(makeBorrowStatus({ state: 'lent', dueOn: '2027-03-23', cancellable: false }))
        : json(apiInfo()),
    );
    renderRoute('/borrow/status?token=t');
    expect(await screen.findByText('The item is lent to you. Please give it back by March 23, 2027.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my request' })).toBeNull();
  });

  it('explains a link that leads nowhere, and a missing token without asking the API', async () => {
    const { calls } = mockFetch((call) => (call.url === '/api/v1/borrow-requests/status' ? apiError(404, 'NOT_FOUND') : json(apiInfo())));
    renderRoute('/borrow/status?token=gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not lead to a request any more');
    renderRoute('/borrow/status');
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/v1/borrow-requests/status')).toHaveLength(1));
  });
});
