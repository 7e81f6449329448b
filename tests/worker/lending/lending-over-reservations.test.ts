// The owner's direct lending (a loan without a request, or an undated accepted request) against the
// accepted reservations of the item: a loan that would take the copy a reservation counts on is 409
// RESERVATION_CONFLICT naming the reservation's days, decided in the same statement as the lending.
import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '@shared/errors';
import type { Loan } from '@shared/schemas/lending';
import { call, createUser, errorCode } from '../../support/worker-app';
import { act, addBorrower, askToBorrow, lend, lendableItem } from '../../support/worker-lending';

/** A day `n` days from today (UTC), YYYY-MM-DD. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const range = (from: number, to: number) => ({ reservedFrom: inDays(from), reservedTo: inDays(to) });

/** An item of `quantity` copies with a reservation of days 10 to 12 accepted. */
async function reservedItem(quantity = 1) {
  const fixture = await lendableItem({ quantity });
  const reservation = await askToBorrow(fixture.itemPath, fixture.owner.token, range(10, 12));
  expect((await act(fixture.owner.token, reservation.id, 'accept')).status).toBe(200);
  const borrower = await addBorrower(fixture.owner.token);
  return { ...fixture, reservation, borrower };
}

async function conflictOf(res: Response) {
  expect(res.status).toBe(409);
  const body = (await res.json()) as { error: { code: string; details: { fields: FieldIssue[] } | null } };
  expect(body.error.code).toBe('RESERVATION_CONFLICT');
  return body.error.details?.fields[0];
}

describe('lending directly while a reservation of the last copy is accepted', () => {
  it('is refused when the loan would still be out on its days, naming them', async () => {
    const { owner, itemPath, borrower } = await reservedItem();
    const field = await conflictOf(await lend(owner.token, itemPath, { borrowerId: borrower.id, dueOn: inDays(14) }));
    expect(field).toMatchObject({ path: 'dueOn', reason: 'meets_reservation', booked: { from: inDays(10), to: inDays(12) } });
    expect(field?.message).toContain(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(inDays(10))),
    );
  });

  it('says so in French with French dates', async () => {
    const { owner, itemPath, borrower } = await reservedItem();
    const res = await call(`${itemPath}/loans`, { method: 'POST', token: owner.token, lang: 'fr', json: { borrowerId: borrower.id } });
    const field = await conflictOf(res);
    const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(inDays(10)));
    expect(field?.message).toContain(`Une réservation prend le dernier exemplaire du ${day}`);
  });

  it('is allowed when due back before the reservation, and when another copy is free', async () => {
    const one = await reservedItem();
    expect((await lend(one.owner.token, one.itemPath, { borrowerId: one.borrower.id, dueOn: inDays(9) })).status).toBe(201);
    const two = await reservedItem(2);
    expect((await lend(two.owner.token, two.itemPath, { borrowerId: two.borrower.id, dueOn: inDays(14) })).status).toBe(201);
  });

  it('is refused for a loan lent after the reservation only if it starts before its end', async () => {
    const { owner, itemPath, borrower } = await reservedItem();
    await conflictOf(await lend(owner.token, itemPath, { borrowerId: borrower.id, lentOn: inDays(12), dueOn: inDays(15) }));
    expect((await lend(owner.token, itemPath, { borrowerId: borrower.id, lentOn: inDays(13), dueOn: inDays(15) })).status).toBe(201);
  });

  it('refuses to lend an undated accepted request over the reservation, with or without a due date', async () => {
    const { owner, itemPath } = await reservedItem();
    const request = await askToBorrow(itemPath, owner.token);
    expect((await act(owner.token, request.id, 'accept')).status).toBe(200);
    await conflictOf(await act(owner.token, request.id, 'lend'));
    await conflictOf(await act(owner.token, request.id, 'lend', { dueOn: inDays(11) }));
    const lent = (await (await act(owner.token, request.id, 'lend', { dueOn: inDays(9) })).json()) as Loan;
    expect(lent).toMatchObject({ state: 'lent', dueOn: inDays(9) });
  });

  it('still says NO_COPY_AVAILABLE when every copy is out today', async () => {
    const { owner, itemPath, borrower } = await reservedItem();
    expect((await lend(owner.token, itemPath, { borrowerId: borrower.id, dueOn: inDays(3) })).status).toBe(201);
    expect(await errorCode(await lend(owner.token, itemPath, { borrowerId: borrower.id, dueOn: inDays(3) }))).toBe('NO_COPY_AVAILABLE');
  });

  it('against accepting the reservation at the same moment: only one of the two passes', async () => {
    for (let round = 0; round < 3; round++) {
      const { owner, itemPath } = await lendableItem({ quantity: 1 });
      const reservation = await askToBorrow(itemPath, owner.token, range(10, 12));
      const borrower = await addBorrower(owner.token);
      const [lent, accepted] = await Promise.all([
        lend(owner.token, itemPath, { borrowerId: borrower.id, dueOn: inDays(14) }),
        act(owner.token, reservation.id, 'accept'),
      ]);
      expect([lent.status, accepted.status].filter((status) => status < 300)).toHaveLength(1);
      for (const res of [lent, accepted].filter((r) => r.status === 409)) expect(await errorCode(res)).toBe('RESERVATION_CONFLICT');
    }
  });

  it('is still refused to anonymous callers, a stranger, a viewer and in demo mode', async () => {
    const { owner, collection, itemPath, borrower } = await reservedItem();
    expect((await lend('', itemPath, { borrowerId: borrower.id, dueOn: inDays(3) })).status).toBe(401);
    // The collection is public: a stranger sees the item but may not lend it.
    const stranger = await createUser();
    expect((await lend(stranger.token, itemPath, { borrowerId: borrower.id, dueOn: inDays(3) })).status).toBe(403);
    const viewer = await createUser();
    const members = `/api/v1/collections/${collection.id}/members`;
    await call(members, { method: 'POST', token: owner.token, json: { login: viewer.user.username, role: 'viewer' } });
    expect((await lend(viewer.token, itemPath, { borrowerId: borrower.id, dueOn: inDays(3) })).status).toBe(403);
    const demo = await call(`${itemPath}/loans`, {
      method: 'POST',
      token: owner.token,
      json: { borrowerId: borrower.id },
      env: { DEMO_MODE: 'true' },
    });
    expect(await errorCode(demo)).toBe('DEMO_MODE');
  });
});
