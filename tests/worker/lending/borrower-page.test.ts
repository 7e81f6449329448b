// A borrower's own page and the calendar feeds: opened only by their secret (hashed in the database),
// reset at once, never showing another borrower's loans; renewals asked by the borrower and answered by
// the owner; "send me my link" answering the same for any address; all of it gone while lending is off.
import { env } from 'cloudflare:test';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { BorrowerPage } from '@shared/schemas/borrower-page';
import type { LendingOverview, Loan } from '@shared/schemas/lending';
import { LINK_REQUESTS_PER_ADDRESS } from '@worker/features/lending/borrower-page.routes';
import { call, capturedEmails, createUser, errorCode } from '../../support/worker-app';
import { act, askToBorrow, lendableItem, setLoansEnabled } from '../../support/worker-lending';

afterEach(() => setLoansEnabled(true));

const ip = () => ({ 'cf-connecting-ip': `192.0.2.${Math.floor(Math.random() * 250) + 1}` });
const page = (secret: string, options: { env?: Record<string, string> } = {}) =>
  call(`/api/v1/borrower-page/${secret}`, { headers: ip(), env: options.env });
const post = (path: string, json: unknown = undefined, options: { env?: Record<string, string>; token?: string } = {}) =>
  call(path, { method: 'POST', json, headers: ip(), ...options });

/** The page secret from the newest email to `address` that carries it. */
async function secretFrom(address: string): Promise<string> {
  const mails = await capturedEmails(address);
  const text = mails
    .map((m) => m.text)
    .reverse()
    .find((t) => t.includes('/borrower/'));
  expect(text, 'an email with the borrower page link').toBeDefined();
  return text!.match(/https:\/\/vitrine\.test\/borrower\/([\w-]+)/)![1]!;
}

/** A borrower who asked for Dune, had it lent until `dueOn`, and got the emails. */
async function lentToVisitor(options: { title?: string; dueOn?: string; email?: string } = {}) {
  const { owner, itemPath } = await lendableItem({ title: options.title ?? 'Dune' });
  const email = options.email ?? `bea-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const asked = await askToBorrow(itemPath, owner.token, { email });
  await act(owner.token, asked.id, 'accept');
  expect((await act(owner.token, asked.id, 'lend', { dueOn: options.dueOn ?? '2099-03-23' })).status).toBe(200);
  return { owner, itemPath, email, loanId: asked.id, secret: await secretFrom(email) };
}

describe('the borrower page', () => {
  it('shows what they hold with its due date, from the link in the loan email', async () => {
    const { secret, loanId } = await lentToVisitor({ title: 'Dune' });
    expect(secret.length).toBeGreaterThanOrEqual(22);
    const res = await page(secret);
    expect(res.status).toBe(200);
    const body = (await res.json()) as BorrowerPage;
    expect(body.current).toEqual([
      expect.objectContaining({ id: loanId, title: 'Dune', dueOn: '2099-03-23', overdue: false, renewal: null }),
    ]);
    expect(body.requests).toEqual([]);
    // Only the hash is stored.
    const stored = await env.DB.prepare('SELECT page_hash FROM borrower_links').all<{ page_hash: string }>();
    expect(stored.results.some((r) => r.page_hash === secret)).toBe(false);
  });

  it('never shows another borrower’s loans, even of the same owner', async () => {
    const first = await lentToVisitor({ title: 'Dune' });
    const other = await askToBorrow(first.itemPath, first.owner.token, { email: 'someone-else@example.test' });
    const body = (await (await page(first.secret)).json()) as BorrowerPage;
    const ids = [...body.current, ...body.requests, ...body.history].map((l) => l.id);
    expect(ids).toEqual([first.loanId]);
    expect(ids).not.toContain(other.id);
  });

  it('answers BORROWER_LINK_INVALID for an unknown, reset or expired secret', async () => {
    const { secret, email } = await lentToVisitor();
    expect(await errorCode(await page('x'.repeat(43)))).toBe('BORROWER_LINK_INVALID');
    expect((await page('short')).status).toBe(400);
    const reset = await post(`/api/v1/borrower-page/${secret}/reset`);
    expect(reset.status).toBe(200);
    const { secret: fresh } = (await reset.json()) as { secret: string };
    expect((await page(secret)).status).toBe(404);
    expect((await page(fresh)).status).toBe(200);
    await env.DB.prepare(`UPDATE borrower_links SET page_expires_at = '2000-01-01T00:00:00.000Z'`).run();
    expect(await errorCode(await page(fresh))).toBe('BORROWER_LINK_INVALID');
    expect(email).toContain('@');
  });

  it('is hidden while lending is off, and comes back as it was', async () => {
    const { secret } = await lentToVisitor();
    await setLoansEnabled(false);
    expect(await errorCode(await page(secret))).toBe('LOANS_DISABLED');
    expect(await errorCode(await post('/api/v1/borrower-page/link', { email: 'a@example.test' }))).toBe('LOANS_DISABLED');
    await setLoansEnabled(true);
    expect((await page(secret)).status).toBe(200);
  });

  it('reads in demo mode but refuses renewals and resets there', async () => {
    const { secret, loanId } = await lentToVisitor();
    const demo = { DEMO_MODE: 'true' };
    expect((await page(secret, { env: demo })).status).toBe(200);
    expect(await errorCode(await post(`/api/v1/borrower-page/${secret}/reset`, undefined, { env: demo }))).toBe('DEMO_MODE');
    expect(await errorCode(await post(`/api/v1/borrower-page/${secret}/loans/${loanId}/renew`, undefined, { env: demo }))).toBe(
      'DEMO_MODE',
    );
  });
});

describe('renewals', () => {
  it('are asked by the borrower and accepted by the owner: the due date moves by the loan period', async () => {
    const { owner, secret, loanId } = await lentToVisitor({ dueOn: '2099-03-01' });
    expect((await post(`/api/v1/borrower-page/${secret}/loans/${loanId}/renew`)).status).toBe(200);
    // Asked twice: the first is still waiting.
    expect(await errorCode(await post(`/api/v1/borrower-page/${secret}/loans/${loanId}/renew`))).toBe('LOAN_TRANSITION_NOT_ALLOWED');
    const seen = (await (await call(`/api/v1/loans/${loanId}`, { token: owner.token })).json()) as Loan;
    expect(seen).toMatchObject({ renewal: 'asked', renewalDueOn: '2099-03-22' });
    const stranger = await createUser();
    expect((await post(`/api/v1/loans/${loanId}/renewal/accept`, undefined, { token: stranger.token })).status).toBe(404);
    expect((await post(`/api/v1/loans/${loanId}/renewal/accept`)).status).toBe(401);
    expect((await post(`/api/v1/loans/${loanId}/renewal/maybe`, undefined, { token: owner.token })).status).toBe(400);
    const accepted = await post(`/api/v1/loans/${loanId}/renewal/accept`, undefined, { token: owner.token });
    expect(await accepted.json()).toMatchObject({ dueOn: '2099-03-22', renewal: 'accepted', renewalDueOn: null });
    expect(await errorCode(await post(`/api/v1/loans/${loanId}/renewal/decline`, undefined, { token: owner.token }))).toBe(
      'LOAN_TRANSITION_NOT_ALLOWED',
    );
  });

  it('declined keeps the due date, and no second renewal is asked', async () => {
    const { owner, secret, loanId } = await lentToVisitor({ dueOn: '2099-03-01' });
    await post(`/api/v1/borrower-page/${secret}/loans/${loanId}/renew`);
    const declined = await post(`/api/v1/loans/${loanId}/renewal/decline`, undefined, { token: owner.token });
    expect(await declined.json()).toMatchObject({ dueOn: '2099-03-01', renewal: 'declined' });
    expect(await errorCode(await post(`/api/v1/borrower-page/${secret}/loans/${loanId}/renew`))).toBe('LOAN_TRANSITION_NOT_ALLOWED');
  });

  it('cannot be asked for another borrower’s loan', async () => {
    const mine = await lentToVisitor();
    const theirs = await lentToVisitor();
    expect(await errorCode(await post(`/api/v1/borrower-page/${mine.secret}/loans/${theirs.loanId}/renew`))).toBe('NOT_FOUND');
  });
});

describe('send me my link', () => {
  it('answers the same for an address with loans and one without, and mails only the first', async () => {
    const { email } = await lentToVisitor();
    const before = (await capturedEmails(email)).length;
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const known = await post('/api/v1/borrower-page/link', { email });
    const other = await post('/api/v1/borrower-page/link', { email: unknown });
    expect([known.status, other.status]).toEqual([202, 202]);
    expect(await known.text()).toBe(await other.text());
    expect((await capturedEmails(email)).length).toBe(before + 1);
    expect(await capturedEmails(unknown)).toEqual([]);
    expect((await post('/api/v1/borrower-page/link', { email: 'not an email' })).status).toBe(400);
  });

  it('is rate limited per address', async () => {
    const headers = { 'cf-connecting-ip': '198.18.0.77' };
    const statuses = [];
    for (let i = 0; i <= LINK_REQUESTS_PER_ADDRESS; i += 1) {
      statuses.push((await call('/api/v1/borrower-page/link', { method: 'POST', headers, json: { email: `x${i}@example.test` } })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
  });
});

describe('calendar feeds', () => {
  const feed = async (url: string) => call(new URL(url).pathname, { headers: ip() });

  it('a borrower’s feed has one all-day event per loan on its due date, with a stable UID', async () => {
    const { secret, loanId } = await lentToVisitor({ title: 'Dune', dueOn: '2099-03-23' });
    const made = await post(`/api/v1/borrower-page/${secret}/feed`, { reset: false });
    const { url } = (await made.json()) as { url: string };
    const res = await feed(url);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe('Dune');
    expect(events[0]!.startDate.isDate).toBe(true);
    expect(events[0]!.startDate.toString()).toBe('2099-03-23');
    expect(events[0]!.uid).toBe(`loan-${loanId}@vitrine.test`);
    expect(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(await (await feed(url)).text()).toContain(`UID:loan-${loanId}@vitrine.test`);
    // Asking again keeps the address; resetting changes it and the old one stops working.
    expect(((await (await post(`/api/v1/borrower-page/${secret}/feed`, { reset: false })).json()) as { url: string }).url).toBe(url);
    const reset = ((await (await post(`/api/v1/borrower-page/${secret}/feed`, { reset: true })).json()) as { url: string }).url;
    expect(reset).not.toBe(url);
    expect((await feed(url)).status).toBe(404);
    expect((await feed(reset)).status).toBe(200);
  });

  it('the owner’s feed lists all their lent loans, and is reset from the lending screen', async () => {
    const { owner, loanId } = await lentToVisitor({ title: 'Dune' });
    expect((await post('/api/v1/lending/feed')).status).toBe(401);
    const { url } = (await (await post('/api/v1/lending/feed', undefined, { token: owner.token })).json()) as { url: string };
    const text = await (await feed(url)).text();
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual([`loan-${loanId}@vitrine.test`]);
    expect(events[0]!.summary).toContain('Dune');
    const { url: next } = (await (await post('/api/v1/lending/feed', undefined, { token: owner.token })).json()) as { url: string };
    expect((await feed(url)).status).toBe(404);
    expect((await feed(next)).status).toBe(200);
    await setLoansEnabled(false);
    expect((await feed(next)).status).toBe(404);
  });

  it('the owner’s calendar address and digest come with their loans overview, theirs only', async () => {
    const owner = await createUser();
    const other = await createUser();
    const preferencesOf = async (token: string, options: { env?: Record<string, string> } = {}) => {
      const res = await call('/api/v1/lending', { token, ...options });
      expect(res.status).toBe(200);
      return ((await res.json()) as LendingOverview).preferences;
    };
    expect(await preferencesOf(owner.token)).toEqual({ feedUrl: null, digest: 'off' });
    await call('/api/v1/lending/preferences', { method: 'PATCH', token: owner.token, json: { digest: 'weekly' } });
    const { url } = (await (await post('/api/v1/lending/feed', undefined, { token: owner.token })).json()) as { url: string };
    expect(await preferencesOf(owner.token)).toEqual({ feedUrl: url, digest: 'weekly' });
    expect(await preferencesOf(owner.token, { env: { DEMO_MODE: 'true' } })).toEqual({ feedUrl: url, digest: 'weekly' });
    expect(await preferencesOf(other.token)).toEqual({ feedUrl: null, digest: 'off' });
    expect(await errorCode(await call('/api/v1/lending'))).toBe('UNAUTHENTICATED');
    // Folded into the overview: the screen asks one request, and the old one is gone.
    expect((await call('/api/v1/lending/preferences', { token: owner.token })).status).not.toBe(200);
    await setLoansEnabled(false);
    expect(await errorCode(await call('/api/v1/lending', { token: owner.token }))).toBe('LOANS_DISABLED');
  });

  it('the digest choice is the owner’s, checked, and refused in demo mode', async () => {
    const owner = await createUser();
    const patch = (json: unknown, options: { env?: Record<string, string> } = {}) =>
      call('/api/v1/lending/preferences', { method: 'PATCH', token: owner.token, json, ...options });
    expect(await (await patch({ digest: 'weekly' })).json()).toMatchObject({ digest: 'weekly' });
    expect((await patch({ digest: 'hourly' })).status).toBe(400);
    expect(await errorCode(await patch({ digest: 'daily' }, { env: { DEMO_MODE: 'true' } }))).toBe('DEMO_MODE');
    expect((await call('/api/v1/lending/preferences', { method: 'PATCH', json: { digest: 'daily' } })).status).toBe(401);
  });
});
