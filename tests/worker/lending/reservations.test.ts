// Reservations (shared/lending.ts): a borrow request for dates, its checks, the accept that books the
// days in one statement (the last copy's race), lending over its dates, the availability calendar and
// the wrong callers.
import { afterEach, describe, expect, it } from 'vitest';
import type { Loan } from '@shared/schemas/lending';
import type { ItemCalendar } from '@shared/schemas/reservations';
import { call, capturedEmails, createUser, errorCode } from '../../support/worker-app';
import { addMember } from '../../support/worker-catalogue';
import { act, askToBorrow, lendableItem, setLoansEnabled } from '../../support/worker-lending';

afterEach(() => setLoansEnabled(true));

/** A day `n` days from today (UTC), YYYY-MM-DD. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const range = (from: number, to: number) => ({ reservedFrom: inDays(from), reservedTo: inDays(to) });

function ask(itemPath: string, body: Record<string, unknown>, options: { token?: string; env?: Record<string, string> } = {}) {
  return call(`${itemPath}/borrow`, {
    method: 'POST',
    token: options.token,
    env: options.env,
    headers: { 'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
    json: { name: 'Bea Visitor', email: `bea-${crypto.randomUUID().slice(0, 8)}@example.test`, ...body },
  });
}

async function fieldOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; details: { fields: { path: string; reason: string }[] } } };
  return body.error.details.fields[0];
}

const calendarOf = (itemPath: string, query: string, token?: string) => call(`${itemPath}/availability${query}`, { token });
const thisMonth = () => inDays(0).slice(0, 7);

describe('a borrow request for dates', () => {
  it('is stored as a reservation the owner sees with its days', async () => {
    const { owner, itemPath } = await lendableItem();
    const loan = await askToBorrow(itemPath, owner.token, range(5, 6));
    expect(loan).toMatchObject({ state: 'asked', reservedFrom: inDays(5), reservedTo: inDays(6) });
    const overview = (await (await call('/api/v1/lending', { token: owner.token })).json()) as { requests: Loan[] };
    expect(overview.requests.find((l) => l.id === loan.id)).toMatchObject({ reservedFrom: inDays(5), reservedTo: inDays(6) });
    const [email] = await capturedEmails(owner.user.email!);
    expect(email?.text).toContain('A reservation: from');
  });

  it.each([
    ['the last day before the first', range(6, 5), 'reservedTo', 'before_reserved_from'],
    ['a first day in the past', range(-1, 2), 'reservedFrom', 'before_today'],
    ['longer than the loan period (21 days)', range(1, 23), 'reservedTo', 'reservation_too_long'],
    ['more than a year ahead', range(400, 401), 'reservedFrom', 'reservation_too_far'],
    ['only a first day', { reservedFrom: inDays(3) }, 'reservedTo', 'required'],
    ['only a last day', { reservedTo: inDays(3) }, 'reservedFrom', 'required'],
    ['a date that is not one', { reservedFrom: '2031-02-30', reservedTo: '2031-03-01' }, 'reservedFrom', 'invalid_date'],
  ])('refuses %s with 400, naming the field', async (_, body, path, reason) => {
    const { itemPath } = await lendableItem();
    const res = await ask(itemPath, body);
    expect(res.status).toBe(400);
    const field = await fieldOf(res);
    expect(field?.path).toBe(path);
    if (reason !== 'invalid_date') expect(field?.reason).toBe(reason);
  });

  it('is refused with 409 for days already booked, and taken for days around them', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 1 });
    const loan = await askToBorrow(itemPath, owner.token, range(4, 6));
    await act(owner.token, loan.id, 'accept');
    const clash = await ask(itemPath, range(6, 8));
    expect(clash.status).toBe(409);
    expect(await errorCode(clash)).toBe('RESERVATION_CONFLICT');
    expect((await ask(itemPath, range(7, 8))).status).toBe(201);
  });

  it('is refused in demo mode', async () => {
    const { itemPath } = await lendableItem();
    const res = await ask(itemPath, range(2, 3), { env: { DEMO_MODE: 'true' } });
    expect(await errorCode(res)).toBe('DEMO_MODE');
  });
});

describe('accepting reservations', () => {
  it('of the last copy for overlapping days at once: one is accepted, the other is 409', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 1 });
    const first = await askToBorrow(itemPath, owner.token, range(10, 12));
    const second = await askToBorrow(itemPath, owner.token, range(12, 14));
    const answers = await Promise.all([act(owner.token, first.id, 'accept'), act(owner.token, second.id, 'accept')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(await errorCode(loser)).toBe('RESERVATION_CONFLICT');
  });

  it('of the last copy for days apart: both are accepted', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 1 });
    const first = await askToBorrow(itemPath, owner.token, range(10, 12));
    const second = await askToBorrow(itemPath, owner.token, range(13, 14));
    expect((await act(owner.token, first.id, 'accept')).status).toBe(200);
    expect((await act(owner.token, second.id, 'accept')).status).toBe(200);
  });

  it('with two copies: two overlapping are accepted, a third on a shared day is not', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 2 });
    const a = await askToBorrow(itemPath, owner.token, range(10, 12));
    const b = await askToBorrow(itemPath, owner.token, range(11, 15));
    const c = await askToBorrow(itemPath, owner.token, range(14, 16));
    const d = await askToBorrow(itemPath, owner.token, range(12, 14));
    expect((await act(owner.token, a.id, 'accept')).status).toBe(200);
    expect((await act(owner.token, b.id, 'accept')).status).toBe(200);
    // c meets only b: one copy is still free on its days.
    expect((await act(owner.token, c.id, 'accept')).status).toBe(200);
    // d's day 12 has a and b; its day 14 has b and c.
    const refused = await act(owner.token, d.id, 'accept');
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('RESERVATION_CONFLICT');
  });

  it('counts a lent copy from its start to its due date', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 1 });
    const lent = await askToBorrow(itemPath, owner.token);
    // Asked before the lending: once lent, days it takes are refused at the request already.
    const during = await askToBorrow(itemPath, owner.token, range(7, 8));
    const after = await askToBorrow(itemPath, owner.token, range(8, 9));
    await act(owner.token, lent.id, 'accept');
    expect((await act(owner.token, lent.id, 'lend', { dueOn: inDays(7) })).status).toBe(200);
    expect(await errorCode(await act(owner.token, during.id, 'accept'))).toBe('RESERVATION_CONFLICT');
    expect((await act(owner.token, after.id, 'accept')).status).toBe(200);
  });

  it('tells the requester the reserved days again, in their language', async () => {
    const days = (locale: string) =>
      [inDays(5), inDays(7)].map((day) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(day)));
    for (const [lang, words] of [
      ['en_US', ([from, to]: string[]) => `It is reserved for you from ${from} to ${to}.`],
      ['fr_FR', ([from, to]: string[]) => `Il vous est réservé du ${from} au ${to}.`],
    ] as const) {
      const { owner, itemPath } = await lendableItem({ title: 'Dune' });
      const email = `reserved-${crypto.randomUUID().slice(0, 8)}@example.test`;
      const loan = await askToBorrow(itemPath, owner.token, { ...range(5, 7), email }, { lang });
      expect((await act(owner.token, loan.id, 'accept')).status).toBe(200);
      const accepted = (await capturedEmails(email)).at(-1)!;
      expect(accepted.text).toContain(words(days(lang.replace('_', '-'))));
    }
  });

  it('lends a reservation over its own days', async () => {
    const { owner, itemPath } = await lendableItem();
    const loan = await askToBorrow(itemPath, owner.token, range(2, 4));
    await act(owner.token, loan.id, 'accept');
    const lent = (await (await act(owner.token, loan.id, 'lend')).json()) as Loan;
    expect(lent).toMatchObject({ state: 'lent', lentOn: inDays(2), dueOn: inDays(4) });
  });

  it('is refused to anonymous callers, another user, a viewer and in demo mode', async () => {
    const { owner, collection, itemPath } = await lendableItem();
    const loan = await askToBorrow(itemPath, owner.token, range(2, 3));
    const stranger = await createUser();
    expect((await act('', loan.id, 'accept')).status).toBe(401);
    expect((await act(stranger.token, loan.id, 'accept')).status).toBe(404);
    const viewer = await createUser();
    await addMember(owner.token, collection.id, viewer.user.username, 'viewer');
    expect((await act(viewer.token, loan.id, 'accept')).status).toBe(403);
    const demo = await call(`/api/v1/loans/${loan.id}/accept`, {
      method: 'POST',
      token: owner.token,
      json: {},
      env: { DEMO_MODE: 'true' },
    });
    expect(await errorCode(demo)).toBe('DEMO_MODE');
    const after = (await (await call(`/api/v1/loans/${loan.id}`, { token: owner.token })).json()) as Loan;
    expect(after.state).toBe('asked');
  });
});

describe('the availability calendar', () => {
  it('shows visitors the days every copy is taken, never who took them; the owner sees who', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 1 });
    const loan = await askToBorrow(itemPath, owner.token, { ...range(1, 2), name: 'Secret Sam' });
    await act(owner.token, loan.id, 'accept');
    const res = await calendarOf(itemPath, `?from=${thisMonth()}&months=2`);
    expect(res.status).toBe(200);
    const visitor = (await res.json()) as ItemCalendar;
    expect(visitor.booked).toContainEqual({ from: inDays(1), to: inDays(2) });
    expect(visitor.bookings).toBeNull();
    expect(JSON.stringify(visitor)).not.toContain('Secret Sam');
    const mine = (await (await calendarOf(itemPath, `?from=${thisMonth()}&months=2`, owner.token)).json()) as ItemCalendar;
    expect(mine.bookings).toContainEqual({
      loanId: loan.id,
      state: 'accepted',
      borrowerName: 'Secret Sam',
      from: inDays(1),
      to: inDays(2),
    });
  });

  it('does not book a day a second copy keeps free, nor an asked request', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 2 });
    const loan = await askToBorrow(itemPath, owner.token, range(1, 2));
    await act(owner.token, loan.id, 'accept');
    await askToBorrow(itemPath, owner.token, range(1, 2));
    const calendar = (await (await calendarOf(itemPath, `?months=2`)).json()) as ItemCalendar;
    expect(calendar.booked).toEqual([]);
  });

  it.each(['?from=2026-13', '?from=soon', '?months=0', '?months=12', '?from=1990-01'])('refuses %s with 400', async (query) => {
    const { itemPath } = await lendableItem();
    expect((await calendarOf(itemPath, query)).status).toBe(400);
  });

  it('is 404 for an item the caller cannot see, one lent to nobody, and while loans are disabled', async () => {
    const { owner, itemPath } = await lendableItem();
    await call(itemPath, { method: 'PATCH', token: owner.token, json: { visibility: 1 } });
    expect((await calendarOf(itemPath, '')).status).toBe(404);
    expect((await calendarOf(itemPath, '', owner.token)).status).toBe(200);
    const nobody = await lendableItem({ borrowable: 4 });
    expect((await calendarOf(nobody.itemPath, '')).status).toBe(404);
    await setLoansEnabled(false);
    const off = await calendarOf(itemPath, '', owner.token);
    expect(off.status).toBe(404);
    expect(await errorCode(off)).toBe('LOANS_DISABLED');
  });
});
