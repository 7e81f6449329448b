// Waiting lists (docs/product.md "Loans": holds): joining when no copy is left, first come first served,
// the owner's reorder and remove against every wrong caller, the offer by email when a copy comes back,
// its timeout by the hourly job on a controlled clock, answers by the private link, the borrower page's
// places, and the last copy kept for the person offered it while others ask at once.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_STATES, HOLD_TRANSITIONS } from '@shared/lending';
import type { BorrowerHolds, HoldOffer, ItemHolds } from '@shared/schemas/holds';
import type { Item } from '@shared/schemas/items';
import type { Loan } from '@shared/schemas/lending';
import { holdOffersJob } from '@worker/features/lending/hold-offers.job';
import { runScheduledJobs } from '@worker/jobs/run-jobs';
import { call, capturedEmails, createUser, errorCode } from '../../support/worker-app';
import { addMember } from '../../support/worker-catalogue';
import { act, addBorrower, lend, lendableItem, setLoansEnabled } from '../../support/worker-lending';

afterEach(async () => {
  vi.restoreAllMocks();
  await setLoansEnabled(true);
});

const ip = () => ({ 'cf-connecting-ip': `192.0.2.${Math.floor(Math.random() * 250) + 1}` });
const address = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`;
const join = (
  itemPath: string,
  json: Record<string, unknown>,
  options: { token?: string; lang?: string; env?: Record<string, string> } = {},
) => call(`${itemPath}/holds`, { method: 'POST', headers: ip(), json, ...options });
const queue = async (itemPath: string, token: string) => ((await (await call(`${itemPath}/holds`, { token })).json()) as ItemHolds).holds;
const offerCall = (path: string, token: string, options: { env?: Record<string, string> } = {}) =>
  call(`/api/v1/holds/offer${path}`, { method: 'POST', headers: ip(), json: { token }, ...options });

/** The offer link's token from the newest offer email to `to`. */
async function offerToken(to: string): Promise<string> {
  const text = (await capturedEmails(to))
    .map((m) => m.text)
    .reverse()
    .find((t) => t.includes('/hold/offer?token='));
  expect(text, `an offer email to ${to}`).toBeDefined();
  return new URL(text!.match(/https:\/\/vitrine\.test\/hold\/offer\?token=[\w%-]+/)![0]).searchParams.get('token')!;
}

/** A one-copy item lent to a borrower the owner recorded, and its loan. */
async function lentItem(options: { title?: string } = {}) {
  const fixture = await lendableItem({ title: options.title ?? 'Dune' });
  const ann = await addBorrower(fixture.owner.token);
  const loan = (await (await lend(fixture.owner.token, fixture.itemPath, { borrowerId: ann.id })).json()) as Loan;
  return { ...fixture, loan };
}

/** A lent item with people waiting, in this order. */
async function queueOf(names: string[]) {
  const fixture = await lentItem();
  const emails = names.map(address);
  for (const [index, email] of emails.entries()) expect((await join(fixture.itemPath, { name: names[index], email })).status).toBe(201);
  return { ...fixture, emails };
}

describe('the state machine', () => {
  it('names every state, and every transition starts from an active state', () => {
    for (const { from, to } of Object.values(HOLD_TRANSITIONS)) {
      expect(HOLD_STATES).toContain(to);
      for (const state of from) expect(['waiting', 'offered']).toContain(state);
    }
  });
});

describe('joining a waiting list', () => {
  it('keeps the order people joined in, and tells each their place', async () => {
    const { owner, itemPath, emails } = await queueOf(['ada', 'bob', 'cy']);
    const holds = await queue(itemPath, owner.token);
    expect(holds.map((h) => [h.borrower.email, h.place, h.state])).toEqual([
      [emails[0], 1, 'waiting'],
      [emails[1], 2, 'waiting'],
      [emails[2], 3, 'waiting'],
    ]);
    expect((await capturedEmails(emails[2]!)).at(-1)!.subject).toBe('You are number 3 in the waiting list for “Dune”');
  });

  it('refuses a second place for the same address (409 HOLD_EXISTS), whatever its case', async () => {
    const { itemPath } = await lentItem();
    const email = address('dup');
    expect((await join(itemPath, { name: 'Dee', email })).status).toBe(201);
    const again = await join(itemPath, { name: 'Dee', email: email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('HOLD_EXISTS');
  });

  it('refuses while a copy is left (409 COPY_AVAILABLE: ask to borrow instead), and invalid input (400)', async () => {
    const { itemPath } = await lendableItem();
    const res = await join(itemPath, { name: 'Eve', email: address('eve') });
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('COPY_AVAILABLE');
    expect((await join(itemPath, { name: 'Eve' })).status).toBe(400);
    expect((await join(itemPath, { name: '', email: address('eve') })).status).toBe(400);
    expect((await join(itemPath, { name: 'Eve', email: 'not-an-email' })).status).toBe(400);
  });

  it('follows "who can borrow", and is closed while lending is off and in demo mode', async () => {
    const { itemPath } = await lendableItem({ borrowable: 1 });
    expect(await errorCode(await join(itemPath, { name: 'Fay', email: address('fay') }))).toBe('BORROW_NOT_ALLOWED');
    const lent = await lentItem();
    expect(await errorCode(await join(lent.itemPath, { name: 'Fay', email: address('fay') }, { env: { DEMO_MODE: 'true' } }))).toBe(
      'DEMO_MODE',
    );
    await setLoansEnabled(false);
    expect(await errorCode(await join(lent.itemPath, { name: 'Fay', email: address('fay') }))).toBe('LOANS_DISABLED');
    expect(await errorCode(await call(`${lent.itemPath}/holds`, { token: lent.owner.token }))).toBe('LOANS_DISABLED');
  });
});

describe('the owner’s queue', () => {
  it('moves a person up or down and removes them', async () => {
    const { owner, itemPath, emails } = await queueOf(['ada', 'bob', 'cy']);
    const [ada, bob, cy] = await queue(itemPath, owner.token);
    const moved = await call(`/api/v1/holds/${cy!.id}/move/up`, { method: 'POST', token: owner.token });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as ItemHolds).holds.map((h) => h.borrower.email)).toEqual([emails[0], emails[2], emails[1]]);
    await call(`/api/v1/holds/${ada!.id}/move/down`, { method: 'POST', token: owner.token });
    expect((await queue(itemPath, owner.token)).map((h) => [h.borrower.email, h.place])).toEqual([
      [emails[2], 1],
      [emails[0], 2],
      [emails[1], 3],
    ]);
    // The first cannot go higher: nothing changes.
    expect((await call(`/api/v1/holds/${cy!.id}/move/up`, { method: 'POST', token: owner.token })).status).toBe(200);
    const removed = await call(`/api/v1/holds/${bob!.id}`, { method: 'DELETE', token: owner.token });
    expect(((await removed.json()) as ItemHolds).holds.map((h) => h.borrower.email)).toEqual([emails[2], emails[0]]);
    // Removed once: a second time is a 409.
    expect(await errorCode(await call(`/api/v1/holds/${bob!.id}`, { method: 'DELETE', token: owner.token }))).toBe(
      'HOLD_TRANSITION_NOT_ALLOWED',
    );
    expect((await call(`/api/v1/holds/${bob!.id}/move/sideways`, { method: 'POST', token: owner.token })).status).toBe(400);
  });

  it('is the owner’s and editors’ alone: anonymous 401, a stranger 404 or 403, a viewer 403, demo mode 403', async () => {
    const { owner, collection, itemPath } = await queueOf(['ada', 'bob']);
    const [first] = await queue(itemPath, owner.token);
    const stranger = await createUser();
    const viewer = await createUser();
    const editor = await createUser();
    for (const [person, role] of [
      [viewer, 'viewer'],
      [editor, 'editor'],
    ] as const) {
      await addMember(owner.token, collection.id, person.user.username, role);
    }
    const moveUp = (token?: string, options: { env?: Record<string, string> } = {}) =>
      call(`/api/v1/holds/${first!.id}/move/down`, { method: 'POST', token, ...options });
    expect((await moveUp()).status).toBe(401);
    expect((await call(`${itemPath}/holds`)).status).toBe(401);
    expect((await moveUp(stranger.token)).status).toBe(404);
    // The collection is public: a stranger sees it, so the queue is refused as the loans are (403).
    expect(await errorCode(await call(`${itemPath}/holds`, { token: stranger.token }))).toBe('FORBIDDEN');
    expect((await call(`/api/v1/holds/${first!.id}`, { method: 'DELETE', token: stranger.token })).status).toBe(404);
    expect(await errorCode(await moveUp(viewer.token))).toBe('FORBIDDEN');
    expect(await errorCode(await call(`${itemPath}/holds`, { token: viewer.token }))).toBe('FORBIDDEN');
    expect(await errorCode(await moveUp(owner.token, { env: { DEMO_MODE: 'true' } }))).toBe('DEMO_MODE');
    expect((await moveUp(editor.token)).status).toBe(200);
    // Another user's overview shows none of it.
    expect(((await (await call('/api/v1/lending/holds', { token: stranger.token })).json()) as ItemHolds).holds).toEqual([]);
    expect(((await (await call('/api/v1/lending/holds', { token: owner.token })).json()) as ItemHolds).holds).toHaveLength(2);
  });
});

describe('offers', () => {
  it('offers a returned copy to the next in line by email, who accepts it as an accepted request', async () => {
    const { owner, itemPath, loan, emails } = await queueOf(['ada', 'bob']);
    expect((await act(owner.token, loan.id, 'return')).status).toBe(200);
    const holds = await queue(itemPath, owner.token);
    expect(holds.map((h) => [h.borrower.email, h.state])).toEqual([
      [emails[0], 'offered'],
      [emails[1], 'waiting'],
    ]);
    expect((await capturedEmails(emails[0]!)).at(-1)!.subject).toBe('“Dune” is available for you');
    expect(await capturedEmails(emails[1]!).then((m) => m.some((e) => e.text.includes('/hold/offer')))).toBe(false);
    const token = await offerToken(emails[0]!);
    expect(((await (await offerCall('', token)).json()) as HoldOffer).state).toBe('offered');
    const accepted = await offerCall('/accept', token);
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as HoldOffer).state).toBe('accepted');
    const loans = ((await (await call(`${itemPath}/loans`, { token: owner.token })).json()) as { loans: Loan[] }).loans;
    const taken = loans.find((l) => l.borrower.email === emails[0]);
    expect(taken?.state).toBe('accepted');
    // The owner is told, with the way to the accepted request.
    const [toOwner] = (await capturedEmails(owner.user.email!)).filter((m) => m.subject.includes('from the waiting list'));
    expect(toOwner?.subject).toBe('ada takes “Dune” from the waiting list');
    expect(toOwner?.text).toContain(`/loan/${taken!.id}`);
    // Answered once: the link does not answer again.
    expect(await errorCode(await offerCall('/decline', token))).toBe('HOLD_LINK_INVALID');
    expect(await errorCode(await offerCall('/accept', 'not-a-token'))).toBe('HOLD_LINK_INVALID');
    expect((await offerCall('/maybe', token)).status).toBe(400);
  });

  it('offers the next when one declines, and refuses answers in demo mode', async () => {
    const { owner, loan, emails } = await queueOf(['ada', 'bob']);
    await act(owner.token, loan.id, 'return');
    const token = await offerToken(emails[0]!);
    expect(await errorCode(await offerCall('/decline', token, { env: { DEMO_MODE: 'true' } }))).toBe('DEMO_MODE');
    expect((await offerCall('', token, { env: { DEMO_MODE: 'true' } })).status).toBe(200);
    expect((await offerCall('/decline', token)).status).toBe(200);
    expect(await offerToken(emails[1]!)).not.toBe(token);
  });

  it('expires an unanswered offer at the hourly run past the deadline, and offers the next', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { owner, itemPath, loan, emails } = await queueOf(['ada', 'bob']);
    await act(owner.token, loan.id, 'return');
    const [offered] = await queue(itemPath, owner.token);
    const deadline = new Date(offered!.offerExpiresAt!);
    const run = (at: Date) => runScheduledJobs(env, 'hourly', { schedule: { hourly: [holdOffersJob] }, now: at });
    await run(new Date(deadline.getTime() - 3600_000)); // an hour early: nothing moves
    expect((await queue(itemPath, owner.token)).map((h) => h.state)).toEqual(['offered', 'waiting']);
    await run(new Date(deadline.getTime() + 60_000));
    await run(new Date(deadline.getTime() + 120_000)); // again: nothing is offered twice
    const after = await queue(itemPath, owner.token);
    expect(after.map((h) => [h.borrower.email, h.state])).toEqual([[emails[1], 'offered']]);
    // Three days (the collection's default) from the run that offered it.
    expect(Date.parse(after[0]!.offerExpiresAt!) - deadline.getTime()).toBe(3 * 86_400_000 + 60_000);
    expect((await capturedEmails(emails[1]!)).filter((m) => m.text.includes('/hold/offer'))).toHaveLength(1);
    expect(await errorCode(await offerCall('/accept', await offerToken(emails[0]!)))).toBe('HOLD_LINK_INVALID');
  });

  it('offers each free copy to the next in line: two copies added offer two people, each their own link', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { owner, itemPath, emails } = await queueOf(['ada', 'bob', 'cy']);
    // One copy is still lent: of three, two are free for the queue. Added while lending is off, they are
    // left to the hourly run (added while on, the edit offers them at once: hold-added-copies.test.ts).
    await setLoansEnabled(false);
    expect((await call(itemPath, { method: 'PATCH', token: owner.token, json: { quantity: 3 } })).status).toBe(200);
    await setLoansEnabled(true);
    const run = () => runScheduledJobs(env, 'hourly', { schedule: { hourly: [holdOffersJob] }, now: new Date() });
    const states = async () => (await queue(itemPath, owner.token)).map((h) => [h.borrower.email, h.state]);
    const expected = [
      [emails[0], 'offered'],
      [emails[1], 'offered'],
      [emails[2], 'waiting'],
    ];
    await run(); // one run offers both copies, not one an hour
    expect(await states()).toEqual(expected);
    await run(); // again: nothing is offered twice, and no third copy is made up
    expect(await states()).toEqual(expected);
    const [ada, bob] = [await offerToken(emails[0]!), await offerToken(emails[1]!)];
    expect(ada).not.toBe(bob);
    expect((await offerCall('/accept', bob)).status).toBe(200);
    expect((await offerCall('/accept', ada)).status).toBe(200);
    expect(await capturedEmails(emails[2]!).then((m) => m.some((e) => e.text.includes('/hold/offer')))).toBe(false);
  });

  it('uses the collection’s days to answer (1 to 30)', async () => {
    const { owner, collection, itemPath, loan } = await queueOf(['ada']);
    const path = `/api/v1/collections/${collection.id}`;
    expect((await call(path, { method: 'PATCH', token: owner.token, json: { offerDays: 0 } })).status).toBe(400);
    expect((await call(path, { method: 'PATCH', token: owner.token, json: { offerDays: 31 } })).status).toBe(400);
    expect((await call(path, { method: 'PATCH', token: owner.token, json: { offerDays: 7 } })).status).toBe(200);
    await act(owner.token, loan.id, 'return');
    const [offered] = await queue(itemPath, owner.token);
    expect(Date.parse(offered!.offerExpiresAt!) - Date.parse(offered!.offeredAt!)).toBe(7 * 86_400_000);
  });

  it('keeps the offered copy for its person: two asking at once are both refused and join the list', async () => {
    const { owner, itemPath, loan, emails } = await queueOf(['ada']);
    await act(owner.token, loan.id, 'return');
    const ask = (email: string) => call(`${itemPath}/borrow`, { method: 'POST', headers: ip(), json: { name: 'Quick', email } });
    const [one, two] = await Promise.all([ask(address('quick')), ask(address('quicker'))]);
    expect([await errorCode(one), await errorCode(two)]).toEqual(['NO_COPY_AVAILABLE', 'NO_COPY_AVAILABLE']);
    const late = address('late');
    expect((await join(itemPath, { name: 'Late', email: late })).status).toBe(201);
    expect((await queue(itemPath, owner.token)).map((h) => h.borrower.email)).toEqual([emails[0], late]);
    // Once the offered person declines, the copy goes to the next in line, still not to an asker.
    await offerCall('/decline', await offerToken(emails[0]!));
    expect(await errorCode(await ask(address('again')))).toBe('NO_COPY_AVAILABLE');
    expect((await queue(itemPath, owner.token)).map((h) => [h.borrower.email, h.state])).toEqual([[late, 'offered']]);
  });

  it('shows the offered copy as not available, so visitors are shown the waiting list, until it is answered', async () => {
    const { owner, itemPath, loan, emails } = await queueOf(['ada']);
    const availability = async () => ((await (await call(itemPath)).json()) as Item).availability;
    await act(owner.token, loan.id, 'return');
    expect(await availability()).toMatchObject({ quantity: 1, lent: 0, available: 0 });
    await offerCall('/decline', await offerToken(emails[0]!));
    expect(await availability()).toMatchObject({ quantity: 1, lent: 0, available: 1 });
  });

  it('sends nothing and offers nothing while lending is off, and deletes nothing', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { owner, itemPath, loan, emails } = await queueOf(['ada']);
    await act(owner.token, loan.id, 'return');
    const token = await offerToken(emails[0]!);
    await setLoansEnabled(false);
    expect(await errorCode(await offerCall('', token))).toBe('LOANS_DISABLED');
    const [result] = await runScheduledJobs(env, 'hourly', {
      schedule: { hourly: [holdOffersJob] },
      now: new Date('2999-01-01T00:00:00Z'),
    });
    expect(result!.counts).toEqual({ skipped: 1 });
    await setLoansEnabled(true);
    expect((await queue(itemPath, owner.token)).map((h) => h.state)).toEqual(['offered']);
  });
});

describe('the borrower page', () => {
  it('lists their places with numbers, and lets them leave', async () => {
    const { owner, itemPath, emails } = await queueOf(['ada', 'bob']);
    const text = (await capturedEmails(emails[1]!)).map((m) => m.text).find((t) => t.includes('/borrower/'))!;
    const secret = text.match(/https:\/\/vitrine\.test\/borrower\/([\w-]+)/)![1]!;
    const places = ((await (await call(`/api/v1/borrower-page/${secret}/holds`, { headers: ip() })).json()) as BorrowerHolds).holds;
    expect(places.map((p) => [p.title, p.place, p.state])).toEqual([['Dune', 2, 'waiting']]);
    const leave = (id: number, options: { env?: Record<string, string> } = {}) =>
      call(`/api/v1/borrower-page/${secret}/holds/${id}/leave`, { method: 'POST', headers: ip(), ...options });
    expect(await errorCode(await leave(places[0]!.id, { env: { DEMO_MODE: 'true' } }))).toBe('DEMO_MODE');
    // Another person's place is not theirs to leave.
    const [adaHold] = await queue(itemPath, owner.token);
    expect((await leave(adaHold!.id)).status).toBe(404);
    expect((await leave(places[0]!.id)).status).toBe(200);
    expect((await queue(itemPath, owner.token)).map((h) => h.borrower.email)).toEqual([emails[0]]);
    expect((await call(`/api/v1/borrower-page/${'x'.repeat(30)}/holds`, { headers: ip() })).status).toBe(404);
  });
});
