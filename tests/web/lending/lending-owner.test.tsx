// The owner's lending screens against a scripted API: borrowers list and search, the guarded deletion,
// the overview's sections and actions, and a request's screen (overlaps, decline with a message, errors).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Borrower } from '@shared/schemas/lending';
import { apiError, apiInfo, json, mockFetch, renderRoute, signIn, type RecordedCall } from '../helpers';
import { makeLoan } from './loan-fixtures';

const borrower = (overrides: Partial<Borrower> = {}): Borrower =>
  ({
    id: 3,
    name: 'Bob Durand',
    email: 'bob@example.com',
    phone: null,
    notes: null,
    currentLoans: 0,
    overdueLoans: 0,
    pendingRequests: 0,
    version: 1,
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  }) as Borrower;

const loan = makeLoan;

type Route = (call: RecordedCall) => Response | Promise<Response> | undefined;

function api(route: Route, { loansEnabled = true, demo = false } = {}) {
  return mockFetch(async (call) => {
    const answer = await route(call);
    if (answer) return answer;
    if (call.url === '/api/v1/') return json(apiInfo(demo));
    if (call.url === '/api/v1/settings') return json({ loansEnabled });
    return apiError(404, 'NOT_FOUND');
  });
}

afterEach(() => window.localStorage.clear());

describe('borrowers list', () => {
  it('lists borrowers with what they hold and an overdue mark, and searches through the API', async () => {
    signIn('alice');
    const { calls } = api((call) => {
      if (call.url === '/api/v1/borrowers') {
        return json({
          borrowers: [borrower({ currentLoans: 2, overdueLoans: 1 }), borrower({ id: 4, name: 'Chloé Petit', email: 'chloe@example.com' })],
        });
      }
      if (call.url === '/api/v1/borrowers?q=chl')
        return json({ borrowers: [borrower({ id: 4, name: 'Chloé Petit', email: 'chloe@example.com' })] });
      if (call.url === '/api/v1/borrowers?q=zz') return json({ borrowers: [] });
      return undefined;
    });
    renderRoute('/borrowers');
    const list = await screen.findByRole('list', { name: 'Borrowers' });
    const bob = within(list).getByRole('link', { name: 'Bob Durand' }).closest('li')!;
    expect(bob).toHaveTextContent('Holds 2 items');
    expect(bob).toHaveTextContent('1 overdue');
    expect(within(list).getByRole('link', { name: 'Chloé Petit' }).closest('li')).toHaveTextContent('Holds nothing');
    expect(screen.getByRole('link', { name: 'New borrower' })).toHaveAttribute('href', '/borrowers/new');

    const search = screen.getByRole('searchbox', { name: 'Search by name or email' });
    await userEvent.type(search, 'chl');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Borrowers' })).queryByText('Bob Durand')).not.toBeInTheDocument());
    expect(calls.some((c) => c.url === '/api/v1/borrowers?q=chl')).toBe(true);
    await userEvent.clear(search);
    await userEvent.type(search, 'zz');
    expect(await screen.findByText('No borrower matches “zz”.')).toBeInTheDocument();
  });

  it('says there are no borrowers yet', async () => {
    signIn('alice');
    api((call) => (call.url === '/api/v1/borrowers' ? json({ borrowers: [] }) : undefined));
    renderRoute('/borrowers');
    expect(await screen.findByText('No borrowers yet.')).toBeInTheDocument();
  });

  it('sends a visitor to sign in, and back to the borrowers afterwards', async () => {
    const { calls } = api(() => undefined);
    const { router } = renderRoute('/borrowers/loans');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/borrowers/loans' });
    expect(calls.some((c) => c.url.startsWith('/api/v1/lending') || c.url.startsWith('/api/v1/borrowers'))).toBe(false);
  });

  it('is not found to a signed-in user while loans are disabled', async () => {
    signIn('alice');
    const { calls } = api(() => undefined, { loansEnabled: false });
    renderRoute('/borrowers');
    expect(await screen.findByRole('heading', { level: 1, name: /does not exist/ })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/v1/borrowers'))).toBe(false);
  });
});

describe('a borrower without an email', () => {
  it('is recorded by name alone, and says everywhere that no reminder reaches them', async () => {
    signIn('alice');
    const cleo = borrower({ id: 7, name: 'Cléo Martin', email: null });
    const { calls } = api((call) => {
      if (call.url === '/api/v1/borrowers' && call.method === 'POST') return json(cleo, { status: 201 });
      if (call.url === '/api/v1/borrowers') return json({ borrowers: [cleo] });
      if (call.url === '/api/v1/borrowers/7')
        return json({ ...cleo, loans: [loan({ borrower: { id: 7, name: 'Cléo Martin', email: null } })] });
      return undefined;
    });
    const { router } = renderRoute('/borrowers/new');
    const email = await screen.findByLabelText(/Email address \(optional\)/);
    expect(email).not.toBeRequired();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Cléo Martin');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/borrowers/7'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Cléo Martin', email: '' });
    expect(await screen.findAllByText(/No email: reminders are not sent/)).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: /mailto/ })).not.toBeInTheDocument();
    await router.navigate('/borrowers');
    const list = await screen.findByRole('list', { name: 'Borrowers' });
    expect(within(list).getByRole('link', { name: 'Cléo Martin' }).closest('li')).toHaveTextContent('No email: reminders are not sent');
  });
});

describe('deleting a borrower', () => {
  it('is refused while they hold an item', async () => {
    signIn('alice');
    const { calls } = api((call) => {
      if (call.url === '/api/v1/borrowers/3/deletion') return json({ heldLoans: 1, otherLoans: 2 });
      if (call.url === '/api/v1/borrowers/3') return json({ ...borrower({ currentLoans: 1 }), loans: [loan()] });
      return undefined;
    });
    renderRoute('/borrowers/3/delete');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bob Durand still holds an item you lent. Get it back before deleting this borrower.',
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    // The items they hold are named, each with its way back.
    const held = screen.getByRole('list', { name: 'Items they hold' });
    expect(held).toHaveTextContent('Blake and Mortimer');
    expect(within(held).getByRole('button', { name: 'Get back' })).toBeEnabled();
  });

  it('says how many loans go with them, then deletes', async () => {
    signIn('alice');
    const { calls } = api((call) => {
      if (call.url === '/api/v1/borrowers/3/deletion') return json({ heldLoans: 0, otherLoans: 2 });
      if (call.url === '/api/v1/borrowers/3' && call.method === 'DELETE') return json({ ok: true, deletedLoans: 2 });
      if (call.url === '/api/v1/borrowers/3') return json({ ...borrower(), loans: [] });
      if (call.url === '/api/v1/borrowers') return json({ borrowers: [] });
      return undefined;
    });
    const { router } = renderRoute('/borrowers/3/delete');
    expect(await screen.findByText('Their 2 past loans and requests are deleted with them.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/borrowers'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/borrowers/3')).toBe(true);
  });
});

describe('lending overview', () => {
  it('shows overdue loans first, then requests, then loans out, each with its actions', async () => {
    signIn('alice');
    const overdue = loan({ id: 12, overdue: true, dueOn: '2026-03-02', item: { ...loan().item, id: 6, title: 'Tintin' } });
    const request = loan({
      id: 13,
      state: 'asked',
      lentOn: null,
      dueOn: null,
      lentAt: null,
      wantedFrom: '2026-04-01',
      wantedUntil: '2026-04-10',
      message: 'For my son',
      borrower: { id: 4, name: 'Chloé Petit', email: 'chloe@example.com' },
    });
    const current = loan();
    let accepted = false;
    const { calls } = api((call) => {
      if (call.url === '/api/v1/lending') {
        return json({
          overdue: [overdue],
          requests: accepted ? [{ ...request, state: 'accepted', version: 2 }] : [request],
          current: [current],
        });
      }
      if (call.url === '/api/v1/loans/13/accept' && call.method === 'POST') {
        accepted = true;
        return json({ ...request, state: 'accepted', version: 2 });
      }
      return undefined;
    });
    renderRoute('/borrowers/loans');
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Overdue (1)', 'Requests (1)', 'Lent (1)']);
    const late = within(screen.getByRole('list', { name: 'Overdue (1)' })).getByRole('listitem');
    expect(within(late).getByRole('link', { name: 'Tintin' })).toHaveAttribute('href', '/collection/2/item/6');
    expect(within(late).getByRole('link', { name: 'Bob Durand' })).toHaveAttribute('href', '/borrowers/3');
    expect(within(late).getByRole('button', { name: 'Get back' })).toBeInTheDocument();
    expect(late.textContent).toMatch(/days? late/);

    const asked = within(screen.getByRole('list', { name: 'Requests (1)' })).getByRole('listitem');
    expect(asked).toHaveTextContent('For my son');
    await userEvent.click(within(asked).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/loans/13/accept')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v1/loans/13/accept')!.body).toEqual({ version: 1 });
    expect(await within(screen.getByRole('list', { name: 'Requests (1)' })).findByRole('button', { name: 'Lend' })).toBeInTheDocument();
  });

  it('disables every action of a request in the demo, Decline included', async () => {
    signIn('demo', { readOnly: true });
    const request = loan({ id: 13, state: 'asked', lentOn: null, dueOn: null, lentAt: null });
    api((call) => (call.url === '/api/v1/lending' ? json({ overdue: [], requests: [request], current: [] }) : undefined), { demo: true });
    renderRoute('/borrowers/loans');
    const asked = within(await screen.findByRole('list', { name: 'Requests (1)' })).getByRole('listitem');
    expect(within(asked).getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(within(asked).getByRole('button', { name: 'Decline' })).toBeDisabled();
    expect(within(asked).queryByRole('link', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('shows why an action was refused', async () => {
    signIn('alice');
    const request = loan({ id: 13, state: 'accepted', lentOn: null, dueOn: null, lentAt: null });
    api((call) => {
      if (call.url === '/api/v1/lending') return json({ overdue: [], requests: [request], current: [] });
      if (call.url === '/api/v1/loans/13/lend') return apiError(409, 'NO_COPY_AVAILABLE');
      return undefined;
    });
    renderRoute('/borrowers/loans');
    await userEvent.click(await screen.findByRole('button', { name: 'Lend' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('server text');
    expect(alert.textContent?.length).toBeGreaterThan(0);
  });

  it('says when nothing is lent or asked for', async () => {
    signIn('alice');
    api((call) => (call.url === '/api/v1/lending' ? json({ overdue: [], requests: [], current: [] }) : undefined));
    renderRoute('/borrowers/loans');
    expect(await screen.findByText('Nothing is lent or asked for right now.')).toBeInTheDocument();
  });
});
