// Invitations by email to a shared collection (docs/product.md "Sharing"): sent from the members' add when
// the administrator allows them, a single-use link valid seven days, a sign-up that joins the collection.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import type { Invitation, InvitationAccepted, InvitationList, InvitationView } from '@shared/schemas/invitations';
import type { MemberList } from '@shared/schemas/members';
import { ADMIN, call, capturedEmails, createUser, errorCode, signIn } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';

type Person = Awaited<ReturnType<typeof createUser>>;
const DEMO = { DEMO_MODE: 'true' };

async function allowInvitations(invitationsEnabled: boolean) {
  const res = await call('/api/v1/config/settings', {
    method: 'PATCH',
    token: await signIn(ADMIN.login, ADMIN.password),
    json: { invitationsEnabled },
  });
  expect(res.status).toBe(200);
}

afterEach(() => allowInvitations(false));

let serial = 0;
const newAddress = () => `invitee-${++serial}-${crypto.randomUUID().slice(0, 6)}@example.test`;
/** Each test its own client address, so the per-address limit of one test does not touch another. */
const fromAddress = () => ({ 'cf-connecting-ip': `203.0.113.${(serial % 250) + 1}` });

async function shelf() {
  const owner = await createUser();
  const collection = await createCollection(owner.token, { type: 'books', name: 'Family shelf', visibility: 2 });
  return { owner, collection, base: `/api/v1/collections/${collection.id}` };
}

function invite(
  base: string,
  token: string,
  login: string,
  role = 'editor',
  options: { lang?: string; env?: Record<string, string> } = {},
) {
  return call(`${base}/members`, { method: 'POST', token, json: { login, role }, ...options });
}

/** The secret of the newest invitation link sent to this address. */
async function secretSentTo(address: string): Promise<string> {
  const emails = await capturedEmails(address);
  const match = /https:\/\/vitrine\.test\/invitation\/([\w-]+)/.exec(emails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no invitation link sent to ${address}`);
  return match[1]!;
}

const view = (secret: string, lang?: string) => call(`/api/v1/invitations/${secret}`, { lang, headers: fromAddress() });
const accept = (secret: string, json: Record<string, unknown>, options: { env?: Record<string, string> } = {}) =>
  call(`/api/v1/invitations/${secret}`, { method: 'POST', json, headers: fromAddress(), ...options });
const account = (username = `invited_${crypto.randomUUID().slice(0, 8)}`) => ({
  username,
  password: 'a long enough secret',
  confirmation: 'a long enough secret',
});

async function invited(role = 'editor') {
  const setup = await shelf();
  const address = newAddress();
  expect((await invite(setup.base, setup.owner.token, address, role)).status).toBe(202);
  return { ...setup, address, secret: await secretSentTo(address) };
}

describe('inviting by email', () => {
  it('sends a link whose sign-up creates the account, joins the collection with the role and signs in', async () => {
    await allowInvitations(true);
    const { owner, collection, base } = await shelf();
    const address = newAddress();
    const sent = await invite(base, owner.token, address.toUpperCase(), 'editor', { lang: 'fr' });
    expect(sent.status).toBe(202);
    expect((await sent.json()) as Invitation).toMatchObject({ email: address, role: 'editor' });

    const [email] = await capturedEmails(address);
    expect(email!.subject).toBe(`${owner.user.username} partage « Family shelf » avec vous sur Vitrine`);
    expect(email!.text).toContain('expire dans 7 jours');
    const secret = await secretSentTo(address);
    expect(secret.length).toBeGreaterThanOrEqual(22); // at least 128 bits
    // Only the hash is stored.
    const stored = await env.DB.prepare('SELECT secret_hash FROM collection_invitations WHERE email = ?')
      .bind(address)
      .first<{ secret_hash: string }>();
    expect(stored!.secret_hash).not.toContain(secret);

    const pending = (await (await call(`${base}/invitations`, { token: owner.token })).json()) as InvitationList;
    expect(pending).toMatchObject({ allowed: true, invitations: [{ email: address, role: 'editor' }] });

    const shown = await view(secret);
    expect(shown.status).toBe(200);
    expect((await shown.json()) as InvitationView).toEqual({
      collectionName: 'Family shelf',
      inviterName: owner.user.username,
      role: 'editor',
      email: address,
    });

    const chosen = account();
    const joined = await accept(secret, chosen);
    expect(joined.status).toBe(201);
    const body = (await joined.json()) as InvitationAccepted;
    expect(body).toMatchObject({ collectionId: collection.id, user: { username: chosen.username, readOnly: false } });
    // The answer's token is a session: the new member reads the collection's items at once.
    expect((await call(`${base}/items`, { token: body.token })).status).toBe(200);
    const members = (await (await call(`${base}/members`, { token: owner.token })).json()) as MemberList;
    expect(members.members).toEqual([expect.objectContaining({ username: chosen.username, role: 'editor' })]);
    // The account has the invited address and signs in with the chosen password.
    expect(await signIn(address, chosen.password)).toBeTruthy();
    expect(((await (await call(`${base}/invitations`, { token: owner.token })).json()) as InvitationList).invitations).toEqual([]);
  });

  it('refuses a second use of the same link', async () => {
    await allowInvitations(true);
    const { secret } = await invited();
    expect((await accept(secret, account())).status).toBe(201);
    const again = await accept(secret, account());
    expect(again.status).toBe(404);
    expect(await errorCode(again)).toBe('INVITATION_INVALID');
    expect(await errorCode(await view(secret))).toBe('INVITATION_INVALID');
  });

  it('refuses an expired link (by the database clock)', async () => {
    await allowInvitations(true);
    const { secret, address } = await invited();
    await env.DB.prepare(
      "UPDATE collection_invitations SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 seconds') WHERE email = ?",
    )
      .bind(address)
      .run();
    expect(await errorCode(await view(secret))).toBe('INVITATION_INVALID');
    expect(await errorCode(await accept(secret, account()))).toBe('INVITATION_INVALID');
  });

  it('a revoked link stops working; a new invitation to the same address replaces the pending one', async () => {
    await allowInvitations(true);
    const { owner, base, secret, address } = await invited();
    expect((await invite(base, owner.token, address, 'viewer')).status).toBe(202);
    const second = await secretSentTo(address);
    expect(await errorCode(await view(secret))).toBe('INVITATION_INVALID');
    const [pending] = ((await (await call(`${base}/invitations`, { token: owner.token })).json()) as InvitationList).invitations;
    expect(pending).toMatchObject({ email: address, role: 'viewer' });
    expect((await call(`${base}/invitations/${pending!.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await errorCode(await view(second))).toBe('INVITATION_INVALID');
    expect(await errorCode(await accept(second, account()))).toBe('INVITATION_INVALID');
    expect((await call(`${base}/invitations/${pending!.id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
  });

  it('a co-owner removed or made editor takes the invitations they sent with them', async () => {
    await allowInvitations(true);
    const { owner, base } = await shelf();
    const [removed, demoted] = [await createUser(), await createUser()];
    for (const person of [removed, demoted]) expect((await invite(base, owner.token, person.user.username, 'co_owner')).status).toBe(201);
    const [first, second] = [newAddress(), newAddress()];
    expect((await invite(base, removed.token, first)).status).toBe(202);
    expect((await invite(base, demoted.token, second)).status).toBe(202);
    const [firstSecret, secondSecret] = [await secretSentTo(first), await secretSentTo(second)];
    expect((await view(firstSecret)).status).toBe(200);
    expect((await call(`${base}/members/${removed.user.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(
      (await call(`${base}/members/${demoted.user.id}`, { method: 'PATCH', token: owner.token, json: { role: 'editor' } })).status,
    ).toBe(200);
    expect(await errorCode(await view(firstSecret))).toBe('INVITATION_INVALID');
    expect(await errorCode(await accept(secondSecret, account()))).toBe('INVITATION_INVALID');
    expect(((await (await call(`${base}/invitations`, { token: owner.token })).json()) as InvitationList).invitations).toEqual([]);
  });

  it('with invitations off, an unknown address is refused and existing links answer as expired', async () => {
    await allowInvitations(true);
    const { owner, base, secret, address } = await invited();
    await allowInvitations(false);
    const refused = await invite(base, owner.token, newAddress());
    expect(refused.status).toBe(404);
    expect(await errorCode(refused)).toBe('SHARE_USER_UNKNOWN');
    expect(await errorCode(await view(secret))).toBe('INVITATION_INVALID');
    expect(await errorCode(await accept(secret, account()))).toBe('INVITATION_INVALID');
    expect(((await (await call(`${base}/invitations`, { token: owner.token })).json()) as InvitationList).allowed).toBe(false);
    // Nothing was deleted: allowed again, the link works.
    await allowInvitations(true);
    expect((await view(secret)).status).toBe(200);
    expect(await capturedEmails(address)).toHaveLength(1);
  });

  it('a login that is no email address is still an unknown user', async () => {
    await allowInvitations(true);
    const { owner, base } = await shelf();
    expect(await errorCode(await invite(base, owner.token, 'nobody-by-this-name'))).toBe('SHARE_USER_UNKNOWN');
  });
});

describe('who may invite', () => {
  async function sharedWith(owner: Person, base: string, role: string) {
    const person = await createUser();
    expect((await invite(base, owner.token, person.user.username, role)).status).toBe(201);
    return person;
  }

  it('only the owner and co-owners; never anonymous, a stranger, a viewer or an editor, nor in demo mode', async () => {
    await allowInvitations(true);
    const { owner, base } = await shelf();
    const [viewer, editor, coOwner] = [
      await sharedWith(owner, base, 'viewer'),
      await sharedWith(owner, base, 'editor'),
      await sharedWith(owner, base, 'co_owner'),
    ];
    const stranger = await createUser();
    expect((await call(`${base}/members`, { method: 'POST', json: { login: newAddress(), role: 'viewer' } })).status).toBe(401);
    expect((await invite(base, stranger.token, newAddress())).status).toBe(404);
    expect((await invite(base, viewer.token, newAddress())).status).toBe(403);
    expect((await invite(base, editor.token, newAddress())).status).toBe(403);
    expect(await errorCode(await invite(base, owner.token, newAddress(), 'viewer', { env: DEMO }))).toBe('DEMO_MODE');
    expect((await invite(base, coOwner.token, newAddress())).status).toBe(202);

    expect((await call(`${base}/invitations`)).status).toBe(401);
    expect((await call(`${base}/invitations`, { token: stranger.token })).status).toBe(404);
    expect((await call(`${base}/invitations`, { token: editor.token })).status).toBe(403);
    const [pending] = ((await (await call(`${base}/invitations`, { token: coOwner.token })).json()) as InvitationList).invitations;
    expect((await call(`${base}/invitations/${pending!.id}`, { method: 'DELETE', token: editor.token })).status).toBe(403);
    expect((await call(`${base}/invitations/${pending!.id}`, { method: 'DELETE', token: stranger.token })).status).toBe(404);
  });

  it('an invitation cannot be accepted in demo mode', async () => {
    await allowInvitations(true);
    const { secret } = await invited();
    expect(await errorCode(await accept(secret, account(), { env: DEMO }))).toBe('DEMO_MODE');
    expect((await accept(secret, account())).status).toBe(201);
  });
});

describe('accepting with bad input', () => {
  it('a taken username, a weak password or different confirmation is a 400/409 and leaves the link usable', async () => {
    await allowInvitations(true);
    const { secret } = await invited();
    const taken = await createUser();
    const duplicate = await accept(secret, account(taken.user.username.toUpperCase()));
    expect(duplicate.status).toBe(409);
    expect(await errorCode(duplicate)).toBe('USERNAME_TAKEN');
    expect((await accept(secret, { ...account(), password: 'short', confirmation: 'short' })).status).toBe(400);
    expect(await errorCode(await accept(secret, { ...account(), confirmation: 'something else' }))).toBe('PASSWORDS_NOT_EQUAL');
    expect((await accept(secret, { ...account(), extra: true })).status).toBe(400);
    expect((await call('/api/v1/invitations/short', { headers: fromAddress() })).status).toBe(400);
    expect((await accept(secret, account())).status).toBe(201);
  });

  it('limits how often one address opens invitation links', async () => {
    const headers = { 'cf-connecting-ip': '198.51.100.77' };
    const guess = () => call(`/api/v1/invitations/${'x'.repeat(43)}`, { headers });
    for (let i = 0; i < 30; i += 1) expect((await guess()).status).toBe(404);
    expect((await guess()).status).toBe(429);
  });
});
