// Borrow requests (docs/product.md §2): who may ask by "who can borrow", the honeypot and rate limits, the same
// answer whether or not an email is known, the emails of every step in both languages, and the
// requester's private status link (stored hashed, good for its own request only).
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import type { BorrowRequestStatus, Loan } from '@shared/schemas/lending';
import { BORROW_REQUESTS_PER_ADDRESS } from '@worker/features/lending/borrow-gate';
import { CONFIRMATIONS_PER_RECIPIENT } from '@worker/features/lending/borrow-requests.service';
import { call, capturedEmails, createUser, errorCode, signIn } from '../../support/worker-app';
import { act, askToBorrow, lendableItem, setLoansEnabled } from '../../support/worker-lending';

afterEach(() => setLoansEnabled(true));

const request = (name = 'Bea', email = `bea-${crypto.randomUUID().slice(0, 8)}@example.test`) => ({ name, email });
const ask = (itemPath: string, options: { token?: string; ip?: string; json?: Record<string, unknown>; lang?: string } = {}) =>
  call(`${itemPath}/borrow`, {
    method: 'POST',
    token: options.token,
    lang: options.lang,
    headers: { 'cf-connecting-ip': options.ip ?? `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
    json: options.json ?? request(),
  });

/** The status link's token, read from the requester's confirmation email. */
async function tokenFrom(email: string): Promise<string> {
  const sent = (await capturedEmails(email)).find((e) => e.text.includes('/borrow/status?token='));
  expect(sent).toBeDefined();
  return new URL(sent!.text.match(/https:\/\/vitrine\.test\/borrow\/status\?token=[\w-]+/)![0]).searchParams.get('token')!;
}

describe('who may ask to borrow', () => {
  it('follows the item’s "who can borrow" for anonymous visitors, other users and the owner', async () => {
    const stranger = await createUser();
    // [level, anonymous, signed in] → expected statuses; the owner never asks.
    for (const [level, anonymous, signedIn] of [
      [0, 201, 201],
      [1, 403, 201],
      [3, 403, 403],
      [4, 403, 403],
    ] as const) {
      const { owner, itemPath } = await lendableItem({ borrowable: level });
      expect((await ask(itemPath)).status, `level ${level}, anonymous`).toBe(anonymous);
      expect((await ask(itemPath, { token: stranger.token })).status, `level ${level}, signed in`).toBe(signedIn);
      const own = await ask(itemPath, { token: owner.token });
      expect(await errorCode(own)).toBe('BORROW_NOT_ALLOWED');
    }
  });

  it('uses the item’s own level over the collection’s, and hides what browsing hides', async () => {
    const { owner, collection, item, itemPath } = await lendableItem({ borrowable: 3 });
    await call(itemPath, { method: 'PATCH', token: owner.token, json: { borrowable: 0 } });
    expect((await ask(itemPath)).status).toBe(201);
    await call(itemPath, { method: 'PATCH', token: owner.token, json: { visibility: 1 } });
    expect((await ask(itemPath)).status).toBe(404);
    expect((await ask(`/api/v1/collections/${collection.id}/items/${item.id + 999}`)).status).toBe(404);
  });

  it('answers 404 LOANS_DISABLED while lending is off', async () => {
    const { itemPath } = await lendableItem();
    await setLoansEnabled(false);
    const res = await ask(itemPath);
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('LOANS_DISABLED');
  });
});

describe('a borrow request', () => {
  it('becomes a loan in state asked with its borrower found by email, and answers the same either way', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 2 });
    const first = await ask(itemPath, {
      json: { ...request('Bea', 'bea@example.test'), message: 'For the holidays', wantedFrom: '2030-07-01', wantedUntil: '2030-07-20' },
    });
    const second = await ask(itemPath, { json: request('Beatrice', 'BEA@example.test') });
    expect(await first.json()).toEqual({ ok: true });
    expect(await second.json()).toEqual({ ok: true });
    const loans = ((await (await call(`${itemPath}/loans`, { token: owner.token })).json()) as { loans: Loan[] }).loans;
    expect(loans).toHaveLength(2);
    expect(loans.map((l) => l.state)).toEqual(['asked', 'asked']);
    expect(new Set(loans.map((l) => l.borrower.id)).size).toBe(1);
    expect(loans[1]).toMatchObject({ message: 'For the holidays', wantedFrom: '2030-07-01', wantedUntil: '2030-07-20' });
    expect(loans[1]!.askedAt).toMatch(/^\d{4}-/);
  });

  it('refuses invalid input field by field, and wanted dates in the wrong order', async () => {
    const { itemPath } = await lendableItem();
    const bad = await ask(itemPath, { json: { name: '', email: 'nope', message: 'x'.repeat(1001), wantedFrom: '2030-02-30' } });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { error: { details: { fields: { path: string }[] } } }).error.details.fields
      .map((f) => f.path)
      .sort();
    expect(fields).toEqual(['email', 'message', 'name', 'wantedFrom']);
    const order = await ask(itemPath, { json: { ...request(), wantedFrom: '2030-02-10', wantedUntil: '2030-02-01' } });
    expect(order.status).toBe(400);
  });

  it('stores and sends nothing when the honeypot is filled, and answers as if it had', async () => {
    const { owner, itemPath } = await lendableItem();
    const email = 'robot@example.test';
    const res = await ask(itemPath, { json: { ...request('Robot', email), website: 'http://spam.example' } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(((await (await call(`${itemPath}/loans`, { token: owner.token })).json()) as { loans: Loan[] }).loans).toEqual([]);
    expect(await capturedEmails(email)).toEqual([]);
  });

  it('is rate limited per address (429 with a retry delay)', async () => {
    const { itemPath } = await lendableItem();
    for (let i = 0; i < BORROW_REQUESTS_PER_ADDRESS; i += 1) expect((await ask(itemPath, { ip: '192.0.2.77' })).status).toBe(201);
    const limited = await ask(itemPath, { ip: '192.0.2.77' });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { details: { retryAfter: number } } }).error.details.retryAfter).toBeGreaterThan(0);
    expect((await ask(itemPath, { ip: '192.0.2.78' })).status).toBe(201);
  });

  it('emails the owner in their language and the requester in theirs, with a private link', async () => {
    const { owner, itemPath } = await lendableItem({ title: 'Le Petit Prince' });
    // The owner's language is that of their last sign-in.
    await signIn(owner.user.username, owner.password, { lang: 'fr_FR' });
    const requester = 'lea@example.test';
    await ask(itemPath, { lang: 'en_US', json: { ...request('Léa', requester), message: 'Please!' }, token: undefined });
    const [toOwner] = await capturedEmails(owner.user.email!);
    expect(toOwner!.subject).toBe('Demande d’emprunt : Le Petit Prince');
    expect(toOwner!.text).toContain('Léa (lea@example.test) demande à emprunter « Le Petit Prince »');
    expect(toOwner!.text).toContain('Son message : Please!');
    expect(toOwner!.text).toMatch(/https:\/\/vitrine\.test\/collection\/\d+\/item\/\d+\/loan\/\d+/);
    const [confirmation] = await capturedEmails(requester);
    expect(confirmation!.subject).toBe('Your request to borrow “Le Petit Prince” was sent');
    const token = await tokenFrom(requester);
    // Only the token's hash is stored.
    const stored = await env.DB.prepare(
      'SELECT status_token_hash AS hash FROM loans WHERE status_token_hash IS NOT NULL ORDER BY id DESC LIMIT 1',
    ).first<{ hash: string }>();
    expect(stored!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.hash).not.toBe(token);
  });
});

describe('a stranger’s address in the form', () => {
  it('sends one address a few confirmations a day whoever asks, and answers every sender the same', async () => {
    const { owner, itemPath } = await lendableItem({ title: 'Dune' });
    const victim = `victim-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const answers: unknown[] = [];
    // Eight requests from eight addresses, each greeting the recipient with a name of the sender's choosing.
    for (let i = 0; i < 8; i += 1) {
      const res = await ask(itemPath, {
        ip: `192.0.2.${120 + i}`,
        json: request('URGENT: your account is locked, see evil.example', victim),
      });
      expect(res.status).toBe(201);
      answers.push(await res.json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const received = await capturedEmails(victim);
    expect(received).toHaveLength(CONFIRMATIONS_PER_RECIPIENT);
    // The requests themselves reach the owner.
    expect(((await (await call(`${itemPath}/loans`, { token: owner.token })).json()) as { loans: Loan[] }).loans).toHaveLength(8);
    // The address counts in any case.
    expect((await ask(itemPath, { ip: '192.0.2.140', json: request('Bea', victim.toUpperCase()) })).status).toBe(201);
    expect(await capturedEmails(victim)).toHaveLength(CONFIRMATIONS_PER_RECIPIENT);
  });

  it('never opens the requester’s emails with the name they typed, in either language', async () => {
    const { owner, itemPath } = await lendableItem({ title: 'Dune' });
    for (const [lang, greeting] of [
      ['en_US', 'Hello,'],
      ['fr_FR', 'Bonjour,'],
    ] as const) {
      const email = `greet-${crypto.randomUUID().slice(0, 8)}@example.test`;
      const loan = await askToBorrow(itemPath, owner.token, { name: 'Click https://evil.example now', email }, { lang });
      expect((await act(owner.token, loan.id, 'accept')).status).toBe(200);
      const sent = await capturedEmails(email);
      expect(sent).toHaveLength(2);
      for (const message of sent) {
        expect(message.text.trimStart().split('\n')[0]).toBe(greeting);
        expect(message.text).not.toContain('evil.example');
      }
    }
  });
});

describe('the requester’s status link', () => {
  it('follows the request through every step, with an email at each, in the request’s language', async () => {
    const { owner, itemPath } = await lendableItem({ title: 'Dune' });
    const email = `suivi-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const loan = await askToBorrow(itemPath, owner.token, { name: 'Zoé', email }, { lang: 'fr_FR' });
    const token = await tokenFrom(email);
    const status = async () =>
      (await (await call('/api/v1/borrow-requests/status', { method: 'POST', json: { token } })).json()) as BorrowRequestStatus;
    expect(await status()).toMatchObject({ state: 'asked', name: 'Zoé', cancellable: true, item: { title: 'Dune' } });

    await act(owner.token, loan.id, 'accept');
    await act(owner.token, loan.id, 'lend', { dueOn: '2099-03-23' });
    expect(await status()).toMatchObject({ state: 'lent', dueOn: '2099-03-23', cancellable: false });
    await act(owner.token, loan.id, 'return');
    expect((await status()).state).toBe('returned');
    const subjects = (await capturedEmails(email)).map((e) => e.subject);
    expect(subjects).toEqual([
      'Votre demande d’emprunt de « Dune » est envoyée',
      '« Dune » : votre demande est acceptée',
      '« Dune » vous est prêté jusqu’au 23 mars 2099',
      '« Dune » est rendu : merci',
    ]);
    // Never the owner's notes.
    await call(`/api/v1/loans/${loan.id}`, { method: 'PATCH', token: owner.token, json: { notes: 'Private note' } });
    expect(JSON.stringify(await status())).not.toContain('Private note');
  });

  it('tells the requester a declined request with the owner’s message', async () => {
    const { owner, itemPath } = await lendableItem({ title: 'Dune' });
    const email = `declined-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const loan = await askToBorrow(itemPath, owner.token, { email });
    await act(owner.token, loan.id, 'reject', { response: 'It is already promised.' });
    const declined = (await capturedEmails(email)).at(-1)!;
    expect(declined.subject).toBe('“Dune”: your request was declined');
    expect(declined.text).toContain('Their message: It is already promised.');
  });

  it('cancels a request while asked or accepted, not once lent; a token acts on its own request only', async () => {
    const { owner, itemPath } = await lendableItem({ quantity: 2 });
    const mine = `mine-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const theirs = `theirs-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const myLoan = await askToBorrow(itemPath, owner.token, { email: mine });
    const theirLoan = await askToBorrow(itemPath, owner.token, { email: theirs });
    const myToken = await tokenFrom(mine);
    const theirToken = await tokenFrom(theirs);

    expect((await call('/api/v1/borrow-requests/status', { method: 'POST', json: { token: 'not-a-token' } })).status).toBe(404);
    await act(owner.token, theirLoan.id, 'accept');
    await act(owner.token, theirLoan.id, 'lend');
    const refused = await call('/api/v1/borrow-requests/cancel', { method: 'POST', json: { token: theirToken } });
    expect(await errorCode(refused)).toBe('LOAN_TRANSITION_NOT_ALLOWED');
    expect((await call('/api/v1/borrow-requests/cancel', { method: 'POST', json: { token: myToken } })).status).toBe(200);
    expect((await call(`/api/v1/loans/${myLoan.id}`, { token: owner.token })).status).toBe(404);
    expect(((await (await call(`/api/v1/loans/${theirLoan.id}`, { token: owner.token })).json()) as Loan).state).toBe('lent');
    expect((await call('/api/v1/borrow-requests/status', { method: 'POST', json: { token: myToken } })).status).toBe(404);
    expect((await call('/api/v1/borrow-requests/cancel', { method: 'POST', json: {} })).status).toBe(400);
  });
});
