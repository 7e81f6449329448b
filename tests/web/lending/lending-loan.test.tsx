// The loan screens against a scripted API: lending from an item (a new borrower typed in, the proposed
// due date from the collection's loan period, refusals shown), and a request's screen (overlaps seen
// before accepting, declining with a message, a stale state explained).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Loan } from '@shared/schemas/lending';
import { makeCollection, makeItem } from '../catalogue-fixtures';
import { apiError, apiInfo, json, makeProfile, mockFetch, renderRoute, signIn, type RecordedCall } from '../helpers';
import { makeLoan } from './loan-fixtures';

const collection = makeCollection({ loanPeriodDays: 14 });
const item = makeItem({ availability: { quantity: 1, lent: 0, available: 1, nextDueOn: null } });

const request = (overrides: Partial<Loan> = {}): Loan =>
  makeLoan({
    state: 'asked',
    item: { id: item.id, collectionId: collection.id, collectionName: collection.name, title: 'Dune', cover: null, reference: null },
    borrower: { id: 4, name: 'Chloé Petit', email: 'chloe@example.com' },
    message: 'For the holidays',
    wantedFrom: '2099-07-01',
    wantedUntil: '2099-07-20',
    lentOn: null,
    dueOn: null,
    askedAt: '2026-03-01T10:00:00.000Z',
    lentAt: null,
    ...overrides,
  });

function api(route: (call: RecordedCall) => Response | undefined, { loansEnabled = true, demo = false } = {}) {
  return mockFetch((call) => {
    const answer = route(call);
    if (answer) return answer;
    const path = call.url.replace(/^\/api\/v1/, '').split('?')[0];
    if (path === '/') return json(apiInfo(demo));
    if (path === '/settings') return json({ loansEnabled });
    if (path === `/collections/${collection.id}`) return json(collection);
    if (path === `/collections/${collection.id}/items/${item.id}`) return json(item);
    if (path === `/collections/${collection.id}/properties`) return json({ properties: [] });
    return apiError(404, 'NOT_FOUND');
  });
}

const addDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

afterEach(() => window.localStorage.clear());

describe('lending an item', () => {
  it('proposes today and today + the loan period, and lends to someone typed in', async () => {
    signIn('alice');
    const { calls } = api((call) => {
      if (call.url === `/api/v1/collections/${collection.id}/borrowers`) return json({ borrowers: [] });
      if (call.method === 'POST' && call.url.endsWith('/loans')) return json(request({ state: 'lent' }), { status: 201 });
      return undefined;
    });
    const { router } = renderRoute(`/collection/${collection.id}/item/${item.id}/loan/new`);
    expect(await screen.findByLabelText('Lent on')).toHaveValue(addDays(0));
    expect(screen.getByLabelText('Due back on')).toHaveValue(addDays(14));
    expect(screen.getByLabelText('Borrower')).toHaveValue('new');
    await userEvent.type(screen.getByLabelText('Their name'), 'Bob');
    await userEvent.type(screen.getByLabelText('Their email address (optional)'), 'bob@example.com');
    await userEvent.type(screen.getByLabelText('Notes (only you see them)'), 'In a bag');
    await userEvent.click(screen.getByRole('button', { name: 'Lend' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/collection/${collection.id}/item/${item.id}`));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/v1/collections/${collection.id}/items/${item.id}/loans`);
    expect(post.body).toMatchObject({
      lentOn: addDays(0),
      dueOn: addDays(14),
      notes: 'In a bag',
      borrower: { name: 'Bob', email: 'bob@example.com' },
    });
  });

  it('lends to a borrower chosen from the list', async () => {
    signIn('alice');
    const { calls } = api((call) => {
      if (call.url === `/api/v1/collections/${collection.id}/borrowers`) {
        return json({
          borrowers: [
            {
              id: 4,
              name: 'Chloé Petit',
              email: 'chloe@example.com',
              phone: null,
              notes: null,
              currentLoans: 0,
              overdueLoans: 0,
              pendingRequests: 0,
              version: 1,
              createdAt: '',
              updatedAt: '',
            },
          ],
        });
      }
      if (call.method === 'POST') return json(request({ state: 'lent' }), { status: 201 });
      return undefined;
    });
    renderRoute(`/collection/${collection.id}/item/${item.id}/loan/new`);
    expect(await screen.findByRole('option', { name: 'Chloé Petit (chloe@example.com)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lend' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ borrowerId: 4 });
  });

  it.each([
    ['NO_COPY_AVAILABLE', 'Every copy of this item is already lent.'],
    ['BORROWER_EMAIL_TAKEN', 'You already have a borrower with this email address.'],
  ])('shows %s clearly and stays on the form', async (code, text) => {
    signIn('alice');
    api((call) => {
      if (call.url === `/api/v1/collections/${collection.id}/borrowers`) return json({ borrowers: [] });
      if (call.method === 'POST') return apiError(409, code);
      return undefined;
    });
    const { router } = renderRoute(`/collection/${collection.id}/item/${item.id}/loan/new`);
    await userEvent.type(await screen.findByLabelText('Their name'), 'Bob');
    await userEvent.type(screen.getByLabelText('Their email address (optional)'), 'bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Lend' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/\/loan\/new$/);
  });

  it('names the days of the reservation a loan would run over, under its due date', async () => {
    signIn('alice');
    const booked = { from: '2099-07-10', to: '2099-07-12' };
    api((call) => {
      if (call.url === `/api/v1/collections/${collection.id}/borrowers`) return json({ borrowers: [] });
      if (call.method === 'POST') {
        return apiError(409, 'RESERVATION_CONFLICT', { fields: [{ path: 'dueOn', reason: 'meets_reservation', message: '', booked }] });
      }
      return undefined;
    });
    renderRoute(`/collection/${collection.id}/item/${item.id}/loan/new`);
    await userEvent.type(await screen.findByLabelText('Their name'), 'Bob');
    await userEvent.click(screen.getByRole('button', { name: 'Lend' }));
    const message = 'A reservation takes the last copy from July 10, 2099 to July 12, 2099: give a due date before it, or lend after it.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Due back on')).toHaveAccessibleDescription(expect.stringContaining('July 10, 2099'));
  });
});

describe('a request', () => {
  it('shows the message, the wanted dates and the overlapping loans, and declines with a message', async () => {
    signIn('alice');
    let current = request({ overlaps: [{ id: 10, state: 'lent', borrowerName: 'Bob Durand', from: '2099-06-20', until: '2099-07-05' }] });
    const { calls } = api((call) => {
      if (call.url === '/api/v1/loans/11/reject' && call.method === 'POST') {
        current = request({ state: 'rejected', response: 'Promised already', version: 2, rejectedAt: '2026-03-02T10:00:00.000Z' });
        return json(current);
      }
      if (call.url === '/api/v1/loans/11') return json(current);
      if (call.url === `/api/v1/collections/${collection.id}/borrowers`) return json({ borrowers: [] });
      return undefined;
    });
    renderRoute(`/collection/${collection.id}/item/${item.id}/loan/11`);
    expect(await screen.findByText('Their message: “For the holidays”')).toBeInTheDocument();
    // Only asked for: the page does not say it is lent.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/, asked for by Chloé Petit$/);
    expect(screen.getByText(/Wanted from/)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('These dates meet other loans of this item:');
    expect(screen.getByRole('note')).toHaveTextContent('Bob Durand (Lent)');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Message to the requester (optional)'), 'Promised already');
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByTestId('loan-state')).toHaveTextContent('Declined');
    expect(calls.find((c) => c.url === '/api/v1/loans/11/reject')!.body).toEqual({ version: 1, response: 'Promised already' });
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('explains a request whose state changed meanwhile', async () => {
    signIn('alice');
    api((call) => {
      if (call.url === '/api/v1/loans/11/accept') return apiError(409, 'LOAN_TRANSITION_NOT_ALLOWED');
      if (call.url === '/api/v1/loans/11') return json(request());
      if (call.url === `/api/v1/collections/${collection.id}/borrowers`) return json({ borrowers: [] });
      return undefined;
    });
    renderRoute(`/collection/${collection.id}/item/${item.id}/loan/11`);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText('This loan is no longer in a state that allows this. Reload to see where it stands.'),
    ).toBeInTheDocument();
  });
});

describe('the loan screens', () => {
  it('are not found while loans are disabled, without asking for the loan', async () => {
    signIn('alice');
    const { calls } = api(() => undefined, { loansEnabled: false });
    renderRoute(`/collection/${collection.id}/item/${item.id}/loan/11/delete`);
    expect(await screen.findByRole('heading', { level: 1, name: /does not exist/ })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/v1/loans'))).toBe(false);
  });

  it('do not show a loan of another item under this item’s address', async () => {
    signIn('alice');
    const { calls } = api((call) => {
      if (call.url === '/api/v1/loans/11') return json(request({ item: { ...request().item, id: item.id + 1 } }));
      return undefined;
    });
    renderRoute(`/collection/${collection.id}/item/${item.id}/loan/11/delete`);
    expect(await screen.findByRole('heading', { level: 1, name: /does not exist/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});

describe('asking to borrow', () => {
  const borrowable = { ...item, isOwner: false, canBorrow: true };
  const borrowApi = (options: { loansEnabled?: boolean; demo?: boolean } = {}) =>
    api((call) => {
      if (call.url === `/api/v1/collections/${collection.id}/items/${item.id}`) return json(borrowable);
      if (call.url === '/api/v1/profile')
        return json(makeProfile({ username: 'zoe', firstName: 'Zoé', lastName: 'Martin', email: 'zoe@example.com' }));
      if (call.url.endsWith('/borrow') && call.method === 'POST') return json({ ok: true });
      return undefined;
    }, options);

  it('leaves the form empty for a visitor', async () => {
    borrowApi();
    renderRoute(`/collection/${collection.id}/item/${item.id}/borrow`);
    expect(await screen.findByLabelText('Your name')).toHaveValue('');
    expect(screen.getByLabelText('Your email address')).toHaveValue('');
  });

  it('fills in a signed-in visitor’s name and address, which they may change', async () => {
    signIn('zoe');
    const { calls } = borrowApi();
    renderRoute(`/collection/${collection.id}/item/${item.id}/borrow`);
    const name = await screen.findByLabelText('Your name');
    expect(name).toHaveValue('Zoé Martin');
    expect(screen.getByLabelText('Your email address')).toHaveValue('zoe@example.com');
    await userEvent.clear(name);
    await userEvent.type(name, 'Zoé M.');
    await userEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Zoé M.', email: 'zoe@example.com' });
  });

  it('says why the form cannot be sent in the demo', async () => {
    borrowApi({ demo: true });
    renderRoute(`/collection/${collection.id}/item/${item.id}/borrow`);
    const submit = await screen.findByRole('button', { name: 'Send my request' });
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAccessibleDescription(
      'This is the demo: requests cannot be sent from it. On your own instance, the owner would get this one by email.',
    );
  });

  it('is not found while loans are disabled', async () => {
    borrowApi({ loansEnabled: false });
    renderRoute(`/collection/${collection.id}/item/${item.id}/borrow`);
    expect(await screen.findByRole('heading', { level: 1, name: /does not exist/ })).toBeInTheDocument();
  });
});
