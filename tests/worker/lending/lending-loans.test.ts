// Loans (docs/product.md "Loans"): the whole state machine, availability and the last-copy race, the owner-only
// endpoints against the wrong caller, the overview's order, and lending switched off.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { LOAN_ACTIONS, LOAN_STATES, LOAN_TRANSITIONS, type LoanAction, type LoanState } from '@shared/lending';
import type { Item, ItemPage } from '@shared/schemas/items';
import type { ItemLoans, LendingOverview, Loan } from '@shared/schemas/lending';
import { call, createUser, errorCode } from '../../support/worker-app';
import { addItem, createCollection } from '../../support/worker-catalogue';
import { act, addBorrower, askToBorrow, lend, lendableItem, setLoansEnabled } from '../../support/worker-lending';

afterEach(() => setLoansEnabled(true));

/** The actions that lead from a fresh request to each state. */
const PATHS: Record<LoanState, LoanAction[]> = {
  asked: [],
  accepted: ['accept'],
  rejected: ['reject'],
  lent: ['accept', 'lend'],
  returned: ['accept', 'lend', 'return'],
};

/** An item's copies lent as its row keeps them (migration 0030's triggers), and as its loans count them. */
async function lentCopies(itemId: number) {
  return env.DB.prepare(
    `SELECT lent_copies AS kept, (SELECT count(*) FROM loans WHERE item_id = items.id AND state = 'lent') AS counted FROM items WHERE id = ?`,
  )
    .bind(itemId)
    .first<{ kept: number; counted: number }>();
}

/**
 * The collection's items with no copy left, as it counts them per caller level (migration 0033's
 * triggers), and as its items' rows do.
 */
async function unavailableCounts(collectionId: number) {
  const counted = (test: string) => `(SELECT count(*) FROM items WHERE collection_id = c.id AND quantity <= lent_copies AND ${test})`;
  const row = await env.DB.prepare(
    `SELECT unavailable_everyone AS e, unavailable_logged_in AS l, unavailable_owner AS o, ${counted('level = 0')} AS ce, ${counted('level <= 1')} AS cl, ${counted('level <= 3')} AS co
     FROM collections c WHERE id = ?`,
  )
    .bind(collectionId)
    .first<{ e: number; l: number; o: number; ce: number; cl: number; co: number }>();
  expect([row!.e, row!.l, row!.o], 'kept as the items say').toEqual([row!.ce, row!.cl, row!.co]);
  return [row!.e, row!.l, row!.o];
}

describe('the state machine', () => {
  it('allows exactly docs/product.md’s transitions from every state, stamping each date; anything else is 409', async () => {
    const { owner, itemPath, item } = await lendableItem({ quantity: 50 });
    for (const state of LOAN_STATES) {
      for (const action of LOAN_ACTIONS) {
        const loan = await askToBorrow(itemPath, owner.token, { wantedFrom: '2030-01-01', wantedUntil: '2030-01-10' });
        for (const step of PATHS[state]) expect((await act(owner.token, loan.id, step)).status).toBe(200);
        const res = await act(owner.token, loan.id, action, action === 'reject' ? { response: 'Sorry' } : {});
        const allowed = LOAN_TRANSITIONS[action].from.includes(state);
        expect(res.status, `${action} from ${state}`).toBe(allowed ? 200 : 409);
        if (!allowed) {
          expect(await errorCode(res)).toBe('LOAN_TRANSITION_NOT_ALLOWED');
          continue;
        }
        const after = (await res.json()) as Loan;
        expect(after.state).toBe(LOAN_TRANSITIONS[action].to);
        const stamp = { accept: after.acceptedAt, reject: after.rejectedAt, lend: after.lentAt, return: after.returnedAt }[action];
        expect(stamp, `${action} stamps its date`).toMatch(/^\d{4}-\d\d-\d\dT/);
        if (action === 'reject') expect(after.response).toBe('Sorry');
        if (action === 'lend') {
          expect(after.lentOn).toMatch(/^\d{4}-\d\d-\d\d$/);
          // The collection's loan period (21 days) from the day lent.
          expect((Date.parse(after.dueOn!) - Date.parse(after.lentOn!)) / 86_400_000).toBe(21);
        }
        if (action === 'return') expect(after.returnedOn).toMatch(/^\d{4}-\d\d-\d\d$/);
        // The item keeps its copies lent through every transition.
        const copies = await lentCopies(item.id);
        expect(copies!.kept, `${action} from ${state}`).toBe(copies!.counted);
      }
    }
    expect((await lentCopies(item.id))!.kept).toBeGreaterThan(0);
  });

  it('keeps the collection’s count of items with no copy left through lends, returns, edits and deletes', async () => {
    const { owner, collection, itemPath } = await lendableItem({ quantity: 2 });
    const ann = await addBorrower(owner.token);
    const edit = async (json: Record<string, unknown>) =>
      expect((await call(itemPath, { method: 'PATCH', token: owner.token, json })).status).toBe(200);
    const first = (await (await lend(owner.token, itemPath, { borrowerId: ann.id })).json()) as Loan;
    expect(await unavailableCounts(collection.id)).toEqual([0, 0, 0]);
    const second = (await (await lend(owner.token, itemPath, { borrowerId: ann.id })).json()) as Loan;
    expect(await unavailableCounts(collection.id)).toEqual([1, 1, 1]);
    // Seen by signed-in people only, then by the owner only: it leaves the levels that no longer see it.
    await edit({ visibility: 1 });
    expect(await unavailableCounts(collection.id)).toEqual([0, 1, 1]);
    await edit({ visibility: 3 });
    expect(await unavailableCounts(collection.id)).toEqual([0, 0, 1]);
    // A third copy is available; taken away again, none is.
    await edit({ quantity: 3 });
    expect(await unavailableCounts(collection.id)).toEqual([0, 0, 0]);
    await edit({ quantity: 2, visibility: null });
    expect(await unavailableCounts(collection.id)).toEqual([1, 1, 1]);
    // An edit of its values leaves the count as it is.
    await edit({ values: { title: 'Dune Messiah' } });
    expect(await unavailableCounts(collection.id)).toEqual([1, 1, 1]);
    expect((await act(owner.token, second.id, 'return')).status).toBe(200);
    expect(await unavailableCounts(collection.id)).toEqual([0, 0, 0]);
    expect((await lend(owner.token, itemPath, { borrowerId: ann.id })).status).toBe(201);
    expect(await unavailableCounts(collection.id)).toEqual([1, 1, 1]);
    expect((await call(`/api/v1/loans/${first.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect(await unavailableCounts(collection.id)).toEqual([0, 0, 0]);
    expect((await lend(owner.token, itemPath, { borrowerId: ann.id })).status).toBe(201);
    expect(await unavailableCounts(collection.id)).toEqual([1, 1, 1]);
    // The item deleted with its loans.
    expect((await call(itemPath, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await unavailableCounts(collection.id)).toEqual([0, 0, 0]);
  });

  it('records a loan directly as lent, with an existing borrower or one typed in, and checks its dates', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 3 });
    const ann = await addBorrower(owner.token);
    const direct = await lend(owner.token, itemPath, {
      borrowerId: ann.id,
      lentOn: '2030-03-01',
      dueOn: '2030-03-20',
      notes: 'In the blue bag',
    });
    expect(direct.status).toBe(201);
    expect(await direct.json()).toMatchObject({
      state: 'lent',
      lentOn: '2030-03-01',
      dueOn: '2030-03-20',
      notes: 'In the blue bag',
      borrower: { id: ann.id },
    });
    const typed = await lend(owner.token, itemPath, { borrower: { name: 'Cleo', email: 'Cleo@Example.test' } });
    const cleo = (await typed.json()) as Loan;
    expect(cleo.borrower).toMatchObject({ name: 'Cleo', email: 'cleo@example.test' });
    // Typing the same address again finds the same borrower.
    const again = (await (await lend(owner.token, itemPath, { borrower: { name: 'C.', email: 'cleo@example.test' } })).json()) as Loan;
    expect(again.borrower.id).toBe(cleo.borrower.id);

    const early = await lend(owner.token, itemPath, { borrowerId: ann.id, lentOn: '2030-03-10', dueOn: '2030-03-01' });
    expect(early.status).toBe(400);
    expect(await lend(owner.token, itemPath, {}).then((r) => r.status)).toBe(400);
    const stranger = await createUser();
    const theirs = await addBorrower(stranger.token);
    const foreign = await lend(owner.token, itemPath, { borrowerId: theirs.id });
    expect(foreign.status).toBe(400);
  });

  it('edits a loan with its version, and deletes it', async () => {
    const { owner, itemPath, item } = await lendableItem();
    const ann = await addBorrower(owner.token);
    const loan = (await (await lend(owner.token, itemPath, { borrowerId: ann.id })).json()) as Loan;
    expect(await lentCopies(item.id)).toEqual({ kept: 1, counted: 1 });
    const edited = await call(`/api/v1/loans/${loan.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { dueOn: '2099-12-31', notes: 'Extended', version: loan.version },
    });
    expect(await edited.json()).toMatchObject({ dueOn: '2099-12-31', notes: 'Extended', version: loan.version + 1 });
    const stale = await call(`/api/v1/loans/${loan.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { notes: 'x', version: loan.version },
    });
    expect(await errorCode(stale)).toBe('STALE_WRITE');
    const badDate = await call(`/api/v1/loans/${loan.id}`, { method: 'PATCH', token: owner.token, json: { dueOn: '2030-02-30' } });
    expect(badDate.status).toBe(400);
    expect((await call(`/api/v1/loans/${loan.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await call(`/api/v1/loans/${loan.id}`, { token: owner.token })).status).toBe(404);
    // A lent loan deleted gives its copy back.
    expect(await lentCopies(item.id)).toEqual({ kept: 0, counted: 0 });
  });
});

describe('availability', () => {
  it('counts copies lent; lending with none left is 409, and parallel lends of the last copy end with one loan', async () => {
    const { owner, itemPath, item } = await lendableItem({ quantity: 1 });
    const ann = await addBorrower(owner.token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => lend(owner.token, itemPath, { borrowerId: ann.id })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) expect(await errorCode(res)).toBe('NO_COPY_AVAILABLE');
    const lent = await env.DB.prepare(`SELECT count(*) AS n FROM loans WHERE item_id = ? AND state = 'lent'`)
      .bind(item.id)
      .first<{ n: number }>();
    expect(lent!.n).toBe(1);
    expect(await lentCopies(item.id)).toEqual({ kept: 1, counted: 1 });

    // Two accepted requests racing for the last copy: one is lent, the other told no copy is left.
    const second = await lendableItem({ quantity: 1 });
    const a = await askToBorrow(second.itemPath, second.owner.token);
    const b = await askToBorrow(second.itemPath, second.owner.token);
    await act(second.owner.token, a.id, 'accept');
    await act(second.owner.token, b.id, 'accept');
    const lends = await Promise.all([act(second.owner.token, a.id, 'lend'), act(second.owner.token, b.id, 'lend')]);
    expect(lends.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await errorCode(lends.find((r) => r.status === 409)!)).toBe('NO_COPY_AVAILABLE');
  });

  it('refuses fewer copies than are lent with 409 QUANTITY_BELOW_LENT, writing nothing; as many as lent is fine', async () => {
    const { owner, itemPath, item } = await lendableItem({ quantity: 3 });
    const ann = await addBorrower(owner.token);
    for (let n = 0; n < 2; n++) expect((await lend(owner.token, itemPath, { borrowerId: ann.id })).status).toBe(201);
    const before = (await (await call(itemPath, { token: owner.token })).json()) as Item;

    const refused = await call(itemPath, {
      method: 'PATCH',
      token: owner.token,
      json: { quantity: 1, values: { title: 'Dune Messiah' }, version: before.version },
    });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as {
      error: { code: string; message: string; details: { fields: { path: string; reason: string; minimum?: number; message: string }[] } };
    };
    expect(body.error.code).toBe('QUANTITY_BELOW_LENT');
    expect(body.error.message).toContain('out on loan: 2.');
    expect(body.error.details.fields).toEqual([
      { path: 'quantity', reason: 'below_lent', minimum: 2, message: 'Copies out on loan: 2. Enter 2 or more.' },
    ]);
    const french = await call(itemPath, { method: 'PATCH', token: owner.token, lang: 'fr', json: { quantity: 1 } });
    expect(((await french.json()) as { error: { message: string } }).error.message).toContain('prêtés : 2.');
    // Nothing of either edit was written: the values, the number and the version are as they were.
    const after = (await (await call(itemPath, { token: owner.token })).json()) as Item;
    expect(after).toMatchObject({ quantity: 3, version: before.version, values: { title: 'Dune' } });

    // As many copies as are lent: accepted, none left to lend.
    const equal = await call(itemPath, { method: 'PATCH', token: owner.token, json: { quantity: 2 } });
    expect(equal.status).toBe(200);
    expect(((await equal.json()) as Item).availability).toMatchObject({ quantity: 2, lent: 2, available: 0 });
    expect((await lentCopies(item.id))!.kept).toBe(2);
  });

  it('keeps the number of copies at or above the copies lent when a lend and a lower number race', async () => {
    for (let round = 0; round < 3; round++) {
      const { owner, itemPath, item } = await lendableItem({ quantity: 2 });
      const ann = await addBorrower(owner.token);
      expect((await lend(owner.token, itemPath, { borrowerId: ann.id })).status).toBe(201);
      const [lent, edited] = await Promise.all([
        lend(owner.token, itemPath, { borrowerId: ann.id }),
        call(itemPath, { method: 'PATCH', token: owner.token, json: { quantity: 1 } }),
      ]);
      // One of the two wins; the other is told why.
      expect([
        [201, 409],
        [409, 200],
      ]).toContainEqual([lent.status, edited.status]);
      if (edited.status === 409) expect(await errorCode(edited)).toBe('QUANTITY_BELOW_LENT');
      else expect(await errorCode(lent)).toBe('NO_COPY_AVAILABLE');
      const row = await env.DB.prepare('SELECT quantity, lent_copies AS lent FROM items WHERE id = ?')
        .bind(item.id)
        .first<{ quantity: number; lent: number }>();
      expect(row!.quantity).toBeGreaterThanOrEqual(row!.lent);
    }
  });

  it('lets an item already below its copies lent be edited, and its number raised', async () => {
    const { owner, itemPath, item } = await lendableItem({ quantity: 1 });
    const ann = await addBorrower(owner.token);
    expect((await lend(owner.token, itemPath, { borrowerId: ann.id })).status).toBe(201);
    // Stored before the rule (two copies out, one owned): edits that do not lower the number still pass.
    await env.DB.prepare('UPDATE items SET lent_copies = 2 WHERE id = ?').bind(item.id).run();
    expect(
      (await call(itemPath, { method: 'PATCH', token: owner.token, json: { values: { title: 'Dune Messiah' }, quantity: 1 } })).status,
    ).toBe(200);
    expect((await call(itemPath, { method: 'PATCH', token: owner.token, json: { quantity: 2 } })).status).toBe(200);
  });

  it('lists the items with a copy lent from the loans, in order, without walking the collection', async () => {
    const { owner, collection, item } = await lendableItem({ title: 'Walden' });
    const base = `/api/v1/collections/${collection.id}`;
    const titles = Array.from({ length: 40 }, (_, n) => `Book ${String(n).padStart(2, '0')}`);
    const made: Item[] = [item];
    // Years 2000 to 2004 in turn, for "available" within a range.
    for (const [n, title] of titles.entries())
      made.push(await addItem(owner.token, collection.id, { values: { title, year: 2000 + (n % 5) } }));
    const ann = await addBorrower(owner.token);
    const lentOut = [made[30]!, made[3]!, made[17]!];
    for (const one of lentOut) expect((await lend(owner.token, `${base}/items/${one.id}`, { borrowerId: ann.id })).status).toBe(201);
    // A loan of the same owner in another collection is not this collection's.
    const elsewhere = await createCollection(owner.token, { type: 'books', name: 'Other shelf' });
    const far = await addItem(owner.token, elsewhere.id, { values: { title: 'Aaa' } });
    expect((await lend(owner.token, `/api/v1/collections/${elsewhere.id}/items/${far.id}`, { borrowerId: ann.id })).status).toBe(201);
    const byTitle = (page: ItemPage) => page.items.map((i) => i.id);
    const measured = await call(`${base}/items?availability=lent&sort=title&dir=asc&perPage=20`, {
      env: { EXPOSE_D1_METRICS: 'true' },
      headers: { 'x-measure-d1': '1' },
    });
    const asc = (await measured.json()) as ItemPage;
    expect(byTitle(asc)).toEqual([made[3]!.id, made[17]!.id, made[30]!.id]);
    expect(asc.total).toBe(3);
    // The page's statement reads the loans and the three lent items, not the 41 items of the collection.
    const statements = JSON.parse(decodeURIComponent(measured.headers.get('x-d1-statements') ?? '[]')) as { sql: string; read: number }[];
    const page = statements.find((st) => st.sql.includes('i.*'));
    expect(page!.read).toBeLessThan(41);
    const desc = (await (await call(`${base}/items?availability=lent&sort=title&dir=desc&perPage=20`)).json()) as ItemPage;
    expect(byTitle(desc)).toEqual([made[30]!.id, made[17]!.id, made[3]!.id]);
    const second = (await (await call(`${base}/items?availability=lent&perPage=20&page=2`)).json()) as ItemPage;
    expect(second.items).toEqual([]);
    expect(second.total).toBe(3);
    // Available: every item but those three, counted from the loans too.
    const available = (await (await call(`${base}/items?availability=available&sort=title&dir=asc&perPage=20&page=2`)).json()) as ItemPage;
    expect(available.total).toBe(38);
    // By title: the books, then Walden.
    const others = [...made.slice(1), made[0]!].filter((m) => !lentOut.includes(m)).map((m) => m.id);
    expect(available.items.map((i) => i.id)).toEqual(others.slice(20, 38));
    // With a search: the lent items whose title has the word ("Book 16"), from the loans too.
    const searched = (await (await call(`${base}/items?availability=lent&q=16&sort=title&dir=asc`)).json()) as ItemPage;
    expect(searched.items.map((i) => i.id)).toEqual([made[17]!.id]);
    expect(searched.total).toBe(1);
    const allLent = (await (await call(`${base}/items?availability=lent&q=book&sort=title&dir=desc`)).json()) as ItemPage;
    expect(allLent.items.map((i) => i.id)).toEqual([made[30]!.id, made[17]!.id, made[3]!.id]);
    // Available within a range of years: two years read whole from the year's index; four counted from
    // the kept counts, less the items in range whose every copy is lent (all three are), and walked.
    for (const from of [2003, 2001]) {
      const inRange = made.slice(1).filter((m, n) => 2000 + (n % 5) >= from && !lentOut.includes(m));
      const ranged = (await (
        await call(`${base}/items?availability=available&min.year=${from}&sort=title&dir=asc&perPage=20`)
      ).json()) as ItemPage;
      expect(ranged.total, `from ${from}`).toBe(inRange.length);
      expect(
        ranged.items.map((i) => i.id),
        `from ${from}`,
      ).toEqual(inRange.slice(0, 20).map((m) => m.id));
    }
  });

  it('lists the available items among value filters, ranges and a search: their matches less the items whose every copy is lent', async () => {
    const { owner, collection, item } = await lendableItem({ title: 'Walden' });
    const base = `/api/v1/collections/${collection.id}`;
    // Every third book is by Ace, every other one has "story" in its title, every fifth has two copies.
    const books = [{ id: item.id, title: 'Walden', publisher: null as string | null, year: null as number | null, copies: 1, lent: 0 }];
    for (let n = 0; n < 36; n += 1) {
      const title = `Book ${String(n).padStart(2, '0')}${n % 2 === 0 ? ' story' : ''}`;
      const values = { title, publisher: n % 3 === 0 ? 'Ace' : 'Tor', year: 2000 + (n % 4) };
      const made = await addItem(owner.token, collection.id, { values, quantity: n % 5 === 0 ? 2 : 1 });
      books.push({ id: made.id, title, publisher: values.publisher, year: values.year, copies: n % 5 === 0 ? 2 : 1, lent: 0 });
    }
    const ann = await addBorrower(owner.token);
    // One copy of two (still available), both copies of two, the only copy of Walden and of two books.
    for (const n of [0, 5, 5, 3, 6]) {
      expect((await lend(owner.token, `${base}/items/${books[n + 1]!.id}`, { borrowerId: ann.id })).status).toBe(201);
      books[n + 1]!.lent += 1;
    }
    expect((await lend(owner.token, `${base}/items/${item.id}`, { borrowerId: ann.id })).status).toBe(201);
    books[0]!.lent = 1;
    const cases: { query: string; keep: (book: (typeof books)[number]) => boolean }[] = [
      { query: 'f.publisher=Ace', keep: (b) => b.publisher === 'Ace' },
      { query: 'f.publisher=Tor', keep: (b) => b.publisher === 'Tor' },
      { query: 'f.publisher=Ace&min.year=2002', keep: (b) => b.publisher === 'Ace' && b.year! >= 2002 },
      // "Available" alone, and with a range only: the collection's counts of items with no copy left.
      { query: '', keep: () => true },
      { query: 'min.year=2002', keep: (b) => b.year! >= 2002 },
      { query: 'f.publisher=Ace&q=story', keep: (b) => b.publisher === 'Ace' && b.title.includes('story') },
      { query: 'f.publisher=Tor&q=story', keep: (b) => b.publisher === 'Tor' && b.title.includes('story') },
      { query: 'f.publisher=Tor&f.publisher=Ace&q=book&max.year=2001', keep: (b) => b.publisher !== null && b.year! <= 2001 },
    ];
    // Read with the lists, the items fully lent are taken out of their matches; past two items fully lent
    // (LIST_LENT_READ), they are not read: "available" is tested on the matches instead.
    for (const { query, keep } of cases) {
      const expected = books.filter((b) => keep(b) && b.lent < b.copies).sort((a, b) => (a.title < b.title ? -1 : 1));
      for (const [token, lentRead] of [
        [owner.token, undefined],
        [undefined, undefined],
        [owner.token, '2'],
        [undefined, '2'],
      ] as const) {
        for (let page = 1; page <= Math.ceil(expected.length / 20); page += 1) {
          const context = `${query}, page ${page}, ${token ? 'owner' : 'visitor'}${lentRead ? ', tested' : ''}`;
          const path = `${base}/items?availability=available${query && `&${query}`}&sort=title&dir=asc&perPage=20&page=${page}`;
          const found = (await (await call(path, { token, ...(lentRead && { env: { LIST_LENT_READ: lentRead } }) })).json()) as ItemPage;
          const ids = found.items.map((i) => i.id);
          if (found.pageEstimated) {
            // Placed where an estimated total puts it (a typed page): matches that follow each other.
            const at = expected.findIndex((b) => b.id === ids[0]);
            if (ids.length > 0) expect(at, context).toBeGreaterThanOrEqual(0);
            expect(ids, context).toEqual(expected.slice(at, at + ids.length).map((b) => b.id));
          } else expect(ids, context).toEqual(expected.slice((page - 1) * 20, page * 20).map((b) => b.id));
          if (found.totalEstimated) {
            expect(found.total, context).toBeGreaterThanOrEqual(expected.length / 2);
            expect(found.total, context).toBeLessThanOrEqual(expected.length * 2);
          } else expect(found.total, context).toBe(expected.length);
        }
      }
    }
    // Without a search, the owner's total is exact: the lists' matches less the items fully lent (read in
    // the statement that reads the lists), with no probe of the search index item by item.
    const measured = await call(`${base}/items?availability=available&f.publisher=Tor&perPage=20`, {
      token: owner.token,
      env: { EXPOSE_D1_METRICS: 'true' },
      headers: { 'x-measure-d1': '1' },
    });
    const exact = (await measured.json()) as ItemPage;
    expect(exact.totalEstimated ?? false).toBe(false);
    expect(exact.total).toBe(23);
    const statements = JSON.parse(decodeURIComponent(measured.headers.get('x-d1-statements') ?? '[]')) as { sql: string }[];
    expect(statements.some((st) => st.sql.includes('SELECT property_id AS pid'))).toBe(true);
    expect(statements.some((st) => st.sql.includes('s.rowid AS id'))).toBe(false);
  });

  it('shows availability on the item page (the due date to the owner only) and a lent count in lists, with a filter', async () => {
    const { owner, collection, item, itemPath } = await lendableItem({ quantity: 3 });
    const other = (await (
      await call(`/api/v1/collections/${collection.id}/items`, { method: 'POST', token: owner.token, json: { values: { title: 'Emma' } } })
    ).json()) as Item;
    const ann = await addBorrower(owner.token);
    await lend(owner.token, itemPath, { borrowerId: ann.id, dueOn: '2099-05-01' });
    await lend(owner.token, itemPath, { borrowerId: ann.id, dueOn: '2099-04-01' });
    const mine = (await (await call(itemPath, { token: owner.token })).json()) as Item;
    expect(mine.availability).toEqual({ quantity: 3, lent: 2, available: 1, nextDueOn: '2099-04-01' });
    expect(mine.canBorrow).toBe(false);
    const visitor = (await (await call(itemPath)).json()) as Item;
    expect(visitor.availability).toEqual({ quantity: 3, lent: 2, available: 1, nextDueOn: null });
    expect(visitor.canBorrow).toBe(true);
    expect(JSON.stringify(visitor)).not.toContain(ann.email);

    const list = (await (await call(`/api/v1/collections/${collection.id}/items`)).json()) as ItemPage;
    expect(Object.fromEntries(list.items.map((i) => [i.id, i.lent]))).toEqual({ [item.id]: 2, [other.id]: 0 });
    const lentOnly = (await (await call(`/api/v1/collections/${collection.id}/items?availability=lent`)).json()) as ItemPage;
    expect(lentOnly.items.map((i) => i.id)).toEqual([item.id]);
    expect(lentOnly.total).toBe(1);
    // Lend the last copy: the item is no longer available.
    await lend(owner.token, itemPath, { borrowerId: ann.id });
    const available = (await (await call(`/api/v1/collections/${collection.id}/items?availability=available`)).json()) as ItemPage;
    expect(available.items.map((i) => i.id)).toEqual([other.id]);
    expect((await call(`/api/v1/collections/${collection.id}/items?availability=sometimes`)).status).toBe(400);

    await setLoansEnabled(false);
    const off = (await (await call(itemPath)).json()) as Item;
    expect(off).toMatchObject({ availability: null, canBorrow: false });
    const offList = (await (await call(`/api/v1/collections/${collection.id}/items?availability=lent`)).json()) as ItemPage;
    expect(offList.items.map((i) => i.lent)).toEqual([0, 0]);
  });

  it('shows no availability for an item nobody borrows, and the owner cannot lend it', async () => {
    const { owner, itemPath } = await lendableItem({ borrowable: 4 });
    expect(((await (await call(itemPath, { token: owner.token })).json()) as Item).availability).toBeNull();
    const ann = await addBorrower(owner.token);
    expect(await errorCode(await lend(owner.token, itemPath, { borrowerId: ann.id }))).toBe('BORROW_NOT_ALLOWED');
  });
});

describe('who may see and change loans', () => {
  it('keeps an item’s loans, and every loan, to the item’s owner', async () => {
    const { owner, itemPath } = await lendableItem();
    const ann = await addBorrower(owner.token);
    const loan = (await (await lend(owner.token, itemPath, { borrowerId: ann.id })).json()) as Loan;
    const stranger = await createUser();
    expect((await call(`${itemPath}/loans`)).status).toBe(401);
    expect((await call(`${itemPath}/loans`, { token: stranger.token })).status).toBe(403);
    expect((await lend(stranger.token, itemPath, { borrower: { name: 'Me', email: 'me@example.test' } })).status).toBe(403);
    for (const [method, path] of [
      ['GET', `/api/v1/loans/${loan.id}`],
      ['PATCH', `/api/v1/loans/${loan.id}`],
      ['POST', `/api/v1/loans/${loan.id}/return`],
      ['DELETE', `/api/v1/loans/${loan.id}`],
    ] as const) {
      expect((await call(path, { method })).status, `${method} ${path} anonymous`).toBe(401);
      const res = await call(path, { method, token: stranger.token, json: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.status, `${method} ${path} stranger`).toBe(404);
    }
    expect(await errorCode(await act(owner.token, loan.id, 'return', {}).then(() => act(owner.token, loan.id, 'explode')))).toBe(
      'VALIDATION_FAILED',
    );
    const demo = await call(`/api/v1/loans/${loan.id}/return`, {
      method: 'POST',
      token: owner.token,
      json: {},
      env: { DEMO_MODE: 'true' },
    });
    expect(await errorCode(demo)).toBe('DEMO_MODE');
    expect(await (await call('/api/v1/lending', { token: stranger.token })).json()).toEqual({
      overdue: [],
      requests: [],
      current: [],
      sharedCollectionIds: [],
      preferences: { feedUrl: null, digest: 'off' },
    });
  });

  it('answers 404 LOANS_DISABLED on every loan endpoint while lending is off', async () => {
    const { owner, itemPath } = await lendableItem();
    const ann = await addBorrower(owner.token);
    const loan = (await (await lend(owner.token, itemPath, { borrowerId: ann.id })).json()) as Loan;
    await setLoansEnabled(false);
    for (const [method, path] of [
      ['GET', '/api/v1/lending'],
      ['GET', `${itemPath}/loans`],
      ['POST', `${itemPath}/loans`],
      ['GET', `/api/v1/loans/${loan.id}`],
      ['PATCH', `/api/v1/loans/${loan.id}`],
      ['POST', `/api/v1/loans/${loan.id}/return`],
      ['DELETE', `/api/v1/loans/${loan.id}`],
    ] as const) {
      const res = await call(path, { method, token: owner.token, json: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await errorCode(res)).toBe('LOANS_DISABLED');
    }
    await setLoansEnabled(true);
    expect(((await (await call(`/api/v1/loans/${loan.id}`, { token: owner.token })).json()) as Loan).state).toBe('lent');
  });
});

describe('the lending overview', () => {
  it('lists overdue loans first (longest overdue first), then requests, then current loans by due date', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 10 });
    const ann = await addBorrower(owner.token);
    const ids: Record<string, number> = {};
    for (const [name, dueOn] of [
      ['soon', '2099-01-01'],
      ['later', '2099-06-01'],
      ['late', '2020-05-01'],
      ['latest', '2020-01-01'],
    ] as const) {
      ids[name] = ((await (await lend(owner.token, itemPath, { borrowerId: ann.id, lentOn: '2019-12-01', dueOn })).json()) as Loan).id;
    }
    const asked = await askToBorrow(itemPath, owner.token);
    const accepted = await askToBorrow(itemPath, owner.token);
    await act(owner.token, accepted.id, 'accept');
    const returned = await askToBorrow(itemPath, owner.token);
    await act(owner.token, returned.id, 'reject');
    const overview = (await (await call('/api/v1/lending', { token: owner.token })).json()) as LendingOverview;
    expect(overview.overdue.map((l) => l.id)).toEqual([ids.latest, ids.late]);
    expect(overview.overdue.every((l) => l.overdue)).toBe(true);
    expect(overview.requests.map((l) => l.id)).toEqual([asked.id, accepted.id]);
    expect(overview.current.map((l) => l.id)).toEqual([ids.soon, ids.later]);
    expect(overview.current[0]!.item).toMatchObject({ title: 'Dune', collectionName: 'Shelf' });
  });

  it('shows the owner requests whose wanted dates overlap an accepted request or a loan of the item', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 2 });
    const ann = await addBorrower(owner.token, { name: 'Ann' });
    await lend(owner.token, itemPath, { borrowerId: ann.id, lentOn: '2030-01-01', dueOn: '2030-01-20' });
    const first = await askToBorrow(itemPath, owner.token, { name: 'Bea', wantedFrom: '2030-02-01', wantedUntil: '2030-02-10' });
    await act(owner.token, first.id, 'accept');
    const clash = await askToBorrow(itemPath, owner.token, { wantedFrom: '2030-01-15', wantedUntil: '2030-02-03' });
    const read = (await (await call(`/api/v1/loans/${clash.id}`, { token: owner.token })).json()) as Loan;
    expect(read.overlaps.map((o) => [o.borrowerName, o.state, o.from, o.until])).toEqual([
      ['Ann', 'lent', '2030-01-01', '2030-01-20'],
      ['Bea', 'accepted', '2030-02-01', '2030-02-10'],
    ]);
    const free = await askToBorrow(itemPath, owner.token, { wantedFrom: '2030-03-01', wantedUntil: '2030-03-05' });
    expect(((await (await call(`/api/v1/loans/${free.id}`, { token: owner.token })).json()) as Loan).overlaps).toEqual([]);
    const loans = (await (await call(`${itemPath}/loans`, { token: owner.token })).json()) as ItemLoans;
    expect(loans).toMatchObject({ availability: { quantity: 2, lent: 1, available: 1 }, loanPeriodDays: 21 });
    expect(loans.loans).toHaveLength(4);
  });
});
