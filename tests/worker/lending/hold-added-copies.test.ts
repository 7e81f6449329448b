// Copies added to an item while people wait (docs/product.md "Holds"): each new free copy is offered to
// the next in line at once, by the edit that adds it, with the same email and deadline as a returned copy;
// the hourly run then finds nothing left to offer. Only the owner and editors can add copies: anonymous,
// a stranger, a viewer and demo mode change nothing and offer nothing, and neither does an edit while
// lending is off (the hourly run offers those copies once it is back on).
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemHolds } from '@shared/schemas/holds';
import type { Item } from '@shared/schemas/items';
import { holdOffersJob } from '@worker/features/lending/hold-offers.job';
import { runScheduledJobs } from '@worker/jobs/run-jobs';
import { call, capturedEmails, createUser, errorCode } from '../../support/worker-app';
import { addMember } from '../../support/worker-catalogue';
import { addBorrower, lend, lendableItem, setLoansEnabled } from '../../support/worker-lending';

afterEach(async () => {
  vi.restoreAllMocks();
  await setLoansEnabled(true);
});

const address = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`;
const offerEmails = async (to: string) => (await capturedEmails(to)).filter((m) => m.text.includes('/hold/offer?token='));

/** A one-copy item lent to a borrower of the owner's, with people waiting for it in this order. */
async function waitedFor(names: string[]) {
  const fixture = await lendableItem({ title: 'Dune' });
  const ann = await addBorrower(fixture.owner.token);
  expect((await lend(fixture.owner.token, fixture.itemPath, { borrowerId: ann.id })).status).toBe(201);
  const emails = names.map(address);
  for (const [index, email] of emails.entries()) {
    const joined = await call(`${fixture.itemPath}/holds`, {
      method: 'POST',
      headers: { 'cf-connecting-ip': `192.0.2.${index + 10}` },
      json: { name: names[index], email },
    });
    expect(joined.status).toBe(201);
  }
  const queue = async () => ((await (await call(`${fixture.itemPath}/holds`, { token: fixture.owner.token })).json()) as ItemHolds).holds;
  const states = async () => (await queue()).map((h) => [h.borrower.email, h.state]);
  const setCopies = (quantity: number, options: { token?: string; env?: Record<string, string> } = {}) =>
    call(fixture.itemPath, { method: 'PATCH', json: { quantity }, ...options });
  return { ...fixture, emails, queue, states, setCopies };
}

const hourly = () => runScheduledJobs(env, 'hourly', { schedule: { hourly: [holdOffersJob] }, now: new Date() });

describe('copies added while people wait', () => {
  it('offers each new free copy to the next in line at once, by email with the deadline, and the hourly run adds nothing', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { owner, emails, queue, states, setCopies } = await waitedFor(['ada', 'bob', 'cy']);
    // One copy is still lent: of three, two are free, for the first two in line.
    const edited = await setCopies(3, { token: owner.token });
    expect(edited.status).toBe(200);
    // The answer already counts the offered copies as kept: none is free for someone else asking.
    expect(((await edited.json()) as Item).availability).toMatchObject({ quantity: 3, lent: 1, available: 0 });
    const offered = [
      [emails[0], 'offered'],
      [emails[1], 'offered'],
      [emails[2], 'waiting'],
    ];
    expect(await states()).toEqual(offered);
    for (const email of emails.slice(0, 2)) {
      const [offer, ...more] = await offerEmails(email!);
      expect(more).toHaveLength(0);
      expect(offer!.subject).toBe('“Dune” is available for you');
    }
    expect(await offerEmails(emails[2]!)).toHaveLength(0);
    // The same deadline as a returned copy's: the collection's days to answer (3 by default).
    for (const hold of (await queue()).slice(0, 2)) {
      expect(Date.parse(hold.offerExpiresAt!) - Date.parse(hold.offeredAt!)).toBe(3 * 86_400_000);
    }
    // The hourly run finds nothing more to offer: no second offer, no email.
    const [result] = await hourly();
    expect(result!.counts).toMatchObject({ offered: 0 });
    expect(await states()).toEqual(offered);
    for (const email of emails) expect(await offerEmails(email)).toHaveLength(email === emails[2] ? 0 : 1);
    // One more copy: the next in line, and only them.
    expect((await setCopies(4, { token: owner.token })).status).toBe(200);
    expect((await states()).map(([, state]) => state)).toEqual(['offered', 'offered', 'offered']);
    expect(await offerEmails(emails[2]!)).toHaveLength(1);
    expect(await offerEmails(emails[0]!)).toHaveLength(1);
  });

  it('offers a copy an editor adds, in the French of the person who joined in French', async () => {
    const fixture = await lendableItem({ title: 'Dune' });
    const ann = await addBorrower(fixture.owner.token);
    await lend(fixture.owner.token, fixture.itemPath, { borrowerId: ann.id });
    const email = address('zoe');
    const joined = await call(`${fixture.itemPath}/holds`, {
      method: 'POST',
      lang: 'fr_FR',
      headers: { 'cf-connecting-ip': '192.0.2.77' },
      json: { name: 'Zoé', email },
    });
    expect(joined.status).toBe(201);
    const editor = await createUser();
    await addMember(fixture.owner.token, fixture.collection.id, editor.user.username, 'editor');
    expect((await call(fixture.itemPath, { method: 'PATCH', token: editor.token, json: { quantity: 2 } })).status).toBe(200);
    const [offer] = await offerEmails(email);
    expect(offer?.subject).toBe('« Dune » est disponible pour vous');
  });

  it('offers nothing when the wrong caller tries (anonymous, a stranger, a viewer, demo mode), nor for an edit that adds no copy', async () => {
    const { owner, collection, emails, states, setCopies } = await waitedFor(['ada']);
    const stranger = await createUser();
    const viewer = await createUser();
    await addMember(owner.token, collection.id, viewer.user.username, 'viewer');
    expect((await setCopies(2)).status).toBe(401);
    expect(await errorCode(await setCopies(2, { token: stranger.token }))).toBe('FORBIDDEN');
    expect(await errorCode(await setCopies(2, { token: viewer.token }))).toBe('FORBIDDEN');
    expect(await errorCode(await setCopies(2, { token: owner.token, env: { DEMO_MODE: 'true' } }))).toBe('DEMO_MODE');
    // Invalid input changes nothing either.
    expect((await setCopies(0, { token: owner.token })).status).toBe(400);
    // The same number of copies, and an edit of values only: nothing is free, nothing is offered.
    expect((await setCopies(1, { token: owner.token })).status).toBe(200);
    const itemPath = `/api/v1/collections/${collection.id}/items`;
    const [item] = ((await (await call(itemPath, { token: owner.token })).json()) as { items: { id: number }[] }).items;
    expect(
      (await call(`${itemPath}/${item!.id}`, { method: 'PATCH', token: owner.token, json: { values: { title: 'Dune II' } } })).status,
    ).toBe(200);
    expect(await states()).toEqual([[emails[0], 'waiting']]);
    expect(await offerEmails(emails[0]!)).toHaveLength(0);
  });

  it('offers nothing while lending is off: the hourly run offers the copy once it is back on', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { owner, emails, states, setCopies } = await waitedFor(['ada']);
    await setLoansEnabled(false);
    expect((await setCopies(2, { token: owner.token })).status).toBe(200);
    await setLoansEnabled(true);
    expect(await states()).toEqual([[emails[0], 'waiting']]);
    expect(await offerEmails(emails[0]!)).toHaveLength(0);
    await hourly();
    expect(await states()).toEqual([[emails[0], 'offered']]);
    expect(await offerEmails(emails[0]!)).toHaveLength(1);
  });
});
