// Reservations in the SPA against a scripted API: the borrow form sends a reservation's days beside the
// item's calendar and explains booked ones; the item page's calendar marks booked days in words, moves
// month by month, and names who took them only when the API does (the owner).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ItemCalendar } from '@shared/schemas/reservations';
import { makeCollection, makeItem } from '../catalogue-fixtures';
import { apiError, apiInfo, json, mockFetch, renderRoute, type RecordedCall } from '../helpers';
import { makeBorrowStatus } from './loan-fixtures';

const collection = makeCollection({ loanPeriodDays: 14 });
const item = { ...makeItem({ availability: { quantity: 1, lent: 0, available: 1, nextDueOn: null } }), isOwner: false, canBorrow: true };
const month = new Date().toISOString().slice(0, 7);
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
const calendarPath = `/api/v1/collections/${collection.id}/items/${item.id}/availability`;

function calendar(overrides: Partial<ItemCalendar> = {}): ItemCalendar {
  return { from: day(1), to: day(28), quantity: 1, booked: [{ from: day(10), to: day(11) }], bookings: null, ...overrides };
}

function api(
  route: (call: RecordedCall) => Response | undefined = () => undefined,
  answer: (query: string) => ItemCalendar = () => calendar(),
) {
  return mockFetch((call) => {
    const given = route(call);
    if (given) return given;
    const [path, query = ''] = call.url.replace(/^\/api\/v1/, '').split('?');
    if (path === '/') return json(apiInfo());
    if (path === '/settings') return json({ loansEnabled: true });
    if (path === `/collections/${collection.id}`) return json(collection);
    if (path === `/collections/${collection.id}/items/${item.id}`) return json(item);
    if (path === `/collections/${collection.id}/properties`) return json({ properties: [] });
    if (`/api/v1${path}` === calendarPath) return json(answer(query));
    return apiError(404, 'NOT_FOUND');
  });
}

afterEach(() => window.localStorage.clear());

describe('the borrow form', () => {
  it('sends the reservation’s days, with the calendar of booked days beside them', async () => {
    const { calls } = api((call) => (call.url.endsWith('/borrow') ? json({ ok: true }, { status: 201 }) : undefined));
    renderRoute(`/collection/${collection.id}/item/${item.id}/borrow`);
    await userEvent.type(await screen.findByLabelText('Your name'), 'Bea');
    await userEvent.type(screen.getByLabelText('Your email address'), 'bea@example.com');
    const booked = await screen.findAllByText('booked');
    expect(booked).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('From'), '2099-07-05');
    await userEvent.type(screen.getByLabelText('To'), '2099-07-06');
    await userEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ reservedFrom: '2099-07-05', reservedTo: '2099-07-06' });
  });

  it('explains days already booked', async () => {
    api((call) => (call.url.endsWith('/borrow') ? apiError(409, 'RESERVATION_CONFLICT') : undefined));
    renderRoute(`/collection/${collection.id}/item/${item.id}/borrow`);
    await userEvent.type(await screen.findByLabelText('Your name'), 'Bea');
    await userEvent.type(screen.getByLabelText('Your email address'), 'bea@example.com');
    await userEvent.type(screen.getByLabelText('From'), day(10));
    await userEvent.type(screen.getByLabelText('To'), day(11));
    await userEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    expect(await screen.findByText(/These dates are already booked/)).toBeInTheDocument();
  });
});

describe('the item page’s calendar', () => {
  it('marks booked days in words, and moves to the next month', async () => {
    const { calls } = api(undefined, (query) => (query.includes(`from=${month}`) ? calendar() : calendar({ booked: [] })));
    renderRoute(`/collection/${collection.id}/item/${item.id}`);
    const section = await screen.findByRole('region', { name: 'Availability' });
    await waitFor(() => expect(within(section).getAllByText('booked')).toHaveLength(2));
    expect(section.querySelector(`[data-day="${day(10)}"]`)).toHaveAttribute('data-booked', 'true');
    expect(section.querySelector(`[data-day="${day(12)}"]`)).not.toHaveAttribute('data-booked');
    expect(within(section).queryByText('Taken by')).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(within(section).queryAllByText('booked')).toHaveLength(0));
    expect(calls.some((c) => c.url.startsWith(calendarPath) && !c.url.includes(`from=${month}`))).toBe(true);
  });

  it('names who took the days when the API gives them (the owner)', async () => {
    api(undefined, () =>
      calendar({ bookings: [{ loanId: 3, state: 'accepted', borrowerName: 'Chloé Petit', from: day(10), to: day(11) }] }),
    );
    renderRoute(`/collection/${collection.id}/item/${item.id}`);
    const section = await screen.findByRole('region', { name: 'Availability' });
    expect(await within(section).findByText(/Chloé Petit \(Accepted\)/)).toBeInTheDocument();
  });
});

describe('the requester’s status page', () => {
  it('names the reservation’s days while it is a request', async () => {
    const status = makeBorrowStatus({ state: 'accepted', reservedFrom: '2099-07-04', reservedTo: '2099-07-05' });
    mockFetch((call) => (call.url === '/api/v1/borrow-requests/status' ? json(status) : json(apiInfo())));
    renderRoute('/borrow/status?token=t');
    expect(await screen.findByText('Reservation: July 4, 2099 to July 5, 2099')).toBeInTheDocument();
  });
});
