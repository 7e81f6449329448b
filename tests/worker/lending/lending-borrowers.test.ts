// Borrowers (docs/product.md §2): each user's own, searchable, with their loan counts; deleting one who holds a lent
// copy is refused, otherwise their past loans go with them. Every endpoint against the wrong caller.
import { afterEach, describe, expect, it } from 'vitest';
import type { Borrower, BorrowerDetail, BorrowerList } from '@shared/schemas/lending';
import { call, createUser, errorCode } from '../../support/worker-app';
import { act, addBorrower, lend, lendableItem, setLoansEnabled } from '../../support/worker-lending';

afterEach(() => setLoansEnabled(true));

describe('borrowers', () => {
  it('creates, lists, searches, reads, edits and deletes the caller’s own borrowers', async () => {
    const { token } = await createUser();
    const ann = await addBorrower(token, { name: 'Ann Reader', email: 'Ann@Example.test', phone: '+33 6 12 34 56 78', notes: 'Neighbour' });
    expect(ann).toMatchObject({
      name: 'Ann Reader',
      email: 'ann@example.test',
      phone: '+33 6 12 34 56 78',
      currentLoans: 0,
      overdueLoans: 0,
      pendingRequests: 0,
      version: 1,
    });
    await addBorrower(token, { name: 'Bob Builder', email: 'bob@example.test' });
    const all = (await (await call('/api/v1/borrowers', { token })).json()) as BorrowerList;
    expect(all.borrowers.map((b) => b.name)).toEqual(['Ann Reader', 'Bob Builder']);
    const found = (await (await call('/api/v1/borrowers?q=BOB', { token })).json()) as BorrowerList;
    expect(found.borrowers.map((b) => b.name)).toEqual(['Bob Builder']);
    const byEmail = (await (await call('/api/v1/borrowers?q=ann%40', { token })).json()) as BorrowerList;
    expect(byEmail.borrowers.map((b) => b.name)).toEqual(['Ann Reader']);

    const edited = await call(`/api/v1/borrowers/${ann.id}`, { method: 'PATCH', token, json: { phone: '', version: 1 } });
    expect(await edited.json()).toMatchObject({ phone: null, notes: 'Neighbour', version: 2 });
    const stale = await call(`/api/v1/borrowers/${ann.id}`, { method: 'PATCH', token, json: { name: 'Old', version: 1 } });
    expect(await errorCode(stale)).toBe('STALE_WRITE');
    const detail = (await (await call(`/api/v1/borrowers/${ann.id}`, { token })).json()) as BorrowerDetail;
    expect(detail).toMatchObject({ name: 'Ann Reader', loans: [] });

    expect(await (await call(`/api/v1/borrowers/${ann.id}/deletion`, { token })).json()).toEqual({ heldLoans: 0, otherLoans: 0 });
    const removed = await call(`/api/v1/borrowers/${ann.id}`, { method: 'DELETE', token });
    expect(await removed.json()).toEqual({ ok: true, deletedLoans: 0 });
    expect((await call(`/api/v1/borrowers/${ann.id}`, { token })).status).toBe(404);
  });

  it('refuses a second borrower with the same email, and invalid input, field by field', async () => {
    const { token } = await createUser();
    const ann = await addBorrower(token, { email: 'same@example.test' });
    const twice = await call('/api/v1/borrowers', { method: 'POST', token, json: { name: 'Other', email: 'SAME@example.test' } });
    expect(twice.status).toBe(409);
    expect(await errorCode(twice)).toBe('BORROWER_EMAIL_TAKEN');
    const other = await addBorrower(token, { email: 'other@example.test' });
    const renamed = await call(`/api/v1/borrowers/${other.id}`, { method: 'PATCH', token, json: { email: 'same@example.test' } });
    expect(await errorCode(renamed)).toBe('BORROWER_EMAIL_TAKEN');
    const bad = await call('/api/v1/borrowers', {
      method: 'POST',
      token,
      json: { name: '', email: 'not-an-email', phone: 'x'.repeat(41), extra: 1 },
    });
    expect(bad.status).toBe(400);
    // Another user may use the same address for their own borrower.
    const stranger = await createUser();
    expect(
      (await call('/api/v1/borrowers', { method: 'POST', token: stranger.token, json: { name: 'Ann', email: ann.email } })).status,
    ).toBe(201);
  });

  it('keeps borrowers to their owner: anonymous 401, another user 404, demo mode 403', async () => {
    const { token } = await createUser();
    const ann = await addBorrower(token);
    const stranger = await createUser();
    expect((await call('/api/v1/borrowers')).status).toBe(401);
    expect((await call(`/api/v1/borrowers/${ann.id}`)).status).toBe(401);
    for (const [method, path] of [
      ['GET', `/api/v1/borrowers/${ann.id}`],
      ['GET', `/api/v1/borrowers/${ann.id}/deletion`],
      ['PATCH', `/api/v1/borrowers/${ann.id}`],
      ['DELETE', `/api/v1/borrowers/${ann.id}`],
    ] as const) {
      const res = await call(path, { method, token: stranger.token, json: method === 'PATCH' ? { name: 'Mine' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(((await (await call('/api/v1/borrowers', { token: stranger.token })).json()) as BorrowerList).borrowers).toEqual([]);
    const demo = await call('/api/v1/borrowers', {
      method: 'POST',
      token,
      json: { name: 'D', email: 'd@example.test' },
      env: { DEMO_MODE: 'true' },
    });
    expect(await errorCode(demo)).toBe('DEMO_MODE');
  });

  it('counts current and overdue loans, refuses deleting a borrower who holds an item, then deletes with the history', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 2 });
    const ann = await addBorrower(owner.token);
    const late = (await (await lend(owner.token, itemPath, { borrowerId: ann.id, lentOn: '2020-01-01', dueOn: '2020-01-15' })).json()) as {
      id: number;
    };
    await lend(owner.token, itemPath, { borrowerId: ann.id });
    const listed = ((await (await call('/api/v1/borrowers', { token: owner.token })).json()) as BorrowerList).borrowers[0] as Borrower;
    expect(listed).toMatchObject({ currentLoans: 2, overdueLoans: 1 });
    expect(await (await call(`/api/v1/borrowers/${ann.id}/deletion`, { token: owner.token })).json()).toEqual({
      heldLoans: 2,
      otherLoans: 0,
    });
    const refused = await call(`/api/v1/borrowers/${ann.id}`, { method: 'DELETE', token: owner.token });
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('BORROWER_HOLDS_ITEMS');

    const detail = (await (await call(`/api/v1/borrowers/${ann.id}`, { token: owner.token })).json()) as BorrowerDetail;
    expect(detail.loans).toHaveLength(2);
    for (const loan of detail.loans) expect((await act(owner.token, loan.id, 'return')).status).toBe(200);
    expect(await (await call(`/api/v1/borrowers/${ann.id}/deletion`, { token: owner.token })).json()).toEqual({
      heldLoans: 0,
      otherLoans: 2,
    });
    const removed = await call(`/api/v1/borrowers/${ann.id}`, { method: 'DELETE', token: owner.token });
    expect(await removed.json()).toEqual({ ok: true, deletedLoans: 2 });
    expect((await call(`/api/v1/loans/${late.id}`, { token: owner.token })).status).toBe(404);
  });

  it('answers 404 LOANS_DISABLED while lending is off, and everything is back once it is on', async () => {
    const { token } = await createUser();
    const ann = await addBorrower(token);
    await setLoansEnabled(false);
    const off = await call('/api/v1/borrowers', { token });
    expect(off.status).toBe(404);
    expect(await errorCode(off)).toBe('LOANS_DISABLED');
    expect(await errorCode(await call(`/api/v1/borrowers/${ann.id}`, { token }))).toBe('LOANS_DISABLED');
    expect((await call('/api/v1/borrowers')).status).toBe(401);
    await setLoansEnabled(true);
    expect(((await (await call('/api/v1/borrowers', { token })).json()) as BorrowerList).borrowers.map((b) => b.id)).toEqual([ann.id]);
  });

  it('records a borrower by name alone, and keeps the email optional on edits and on a loan’s new borrower', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 2 });
    const token = owner.token;
    const named = await addBorrower(token, { name: 'Cleo', email: undefined });
    expect(named).toMatchObject({ name: 'Cleo', email: null });
    // Many borrowers without an email: the per-owner unique index lets NULLs be.
    expect(await addBorrower(token, { name: 'Dan', email: '' })).toMatchObject({ email: null });
    const cleared = await call(`/api/v1/borrowers/${named.id}`, { method: 'PATCH', token, json: { email: 'Cleo@Example.test' } });
    expect(await cleared.json()).toMatchObject({ email: 'cleo@example.test' });
    const emptied = await call(`/api/v1/borrowers/${named.id}`, { method: 'PATCH', token, json: { email: '' } });
    expect(await emptied.json()).toMatchObject({ email: null, name: 'Cleo' });
    // A loan's borrower typed in without an email is a new borrower, even beside others without one.
    const loan = await lend(token, itemPath, { borrower: { name: 'Eve' } });
    expect(loan.status).toBe(201);
    expect(await loan.json()).toMatchObject({ state: 'lent', borrower: { name: 'Eve', email: null } });
    const listed = ((await (await call('/api/v1/borrowers', { token })).json()) as BorrowerList).borrowers;
    expect(listed.map((b) => [b.name, b.email, b.currentLoans])).toEqual([
      ['Cleo', null, 0],
      ['Dan', null, 0],
      ['Eve', null, 1],
    ]);
    // Still checked when given; a visitor's borrow request still needs one.
    const bad = await call('/api/v1/borrowers', { method: 'POST', token, json: { name: 'Fay', email: 'nope' } });
    expect(bad.status).toBe(400);
    const noName = await call('/api/v1/borrowers', { method: 'POST', token, json: { email: '' } });
    expect(noName.status).toBe(400);
    const request = await call(`${itemPath}/borrow`, {
      method: 'POST',
      headers: { 'cf-connecting-ip': '198.51.100.77' },
      json: { name: 'Gus' },
    });
    expect(request.status).toBe(400);
  });

  it('keeps borrowers without an email to their owner: anonymous 401, another user 404, demo mode 403', async () => {
    const { token } = await createUser();
    const named = await addBorrower(token, { name: 'Hal', email: undefined });
    const stranger = await createUser();
    expect((await call('/api/v1/borrowers', { method: 'POST', json: { name: 'Hal' } })).status).toBe(401);
    expect((await call(`/api/v1/borrowers/${named.id}`, { method: 'PATCH', json: { email: '' } })).status).toBe(401);
    expect((await call(`/api/v1/borrowers/${named.id}`, { method: 'PATCH', token: stranger.token, json: { email: '' } })).status).toBe(404);
    const demo = await call('/api/v1/borrowers', { method: 'POST', token, json: { name: 'Ivy' }, env: { DEMO_MODE: 'true' } });
    expect(await errorCode(demo)).toBe('DEMO_MODE');
    await setLoansEnabled(false);
    expect(await errorCode(await call('/api/v1/borrowers', { method: 'POST', token, json: { name: 'Jo' } }))).toBe('LOANS_DISABLED');
  });
});
