// The built-in administrator has no name stored in English: readers and emails name it in their language.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { User } from '@shared/schemas/users';
import { greetingName, ownerNameIn } from '@worker/lib/person-name';
import { ADMIN, call, createUser, signIn } from '../../support/worker-app';

const admin = { username: 'admin', firstName: null, lastName: null };

describe('the built-in administrator’s name', () => {
  it('is stored as none and read as none, even where first start stored the English default', async () => {
    const token = await signIn(ADMIN.login, ADMIN.password);
    const stored = await env.DB.prepare("SELECT first_name AS name FROM users WHERE username = 'admin'").first<{ name: string | null }>();
    expect(stored!.name).toBeNull();
    await env.DB.prepare("UPDATE users SET first_name = 'Administrator' WHERE username = 'admin'").run();
    const users = (await (await call('/api/v1/users', { token, lang: 'fr-FR' })).json()) as { users: User[] };
    expect(users.users.find((u) => u.builtinAdmin)).toMatchObject({ firstName: null, lastName: null });
    // Another user is not an administrator: the list is refused to them; anonymous callers too.
    const other = await createUser();
    expect((await call('/api/v1/users', { token: other.token })).status).toBe(403);
    expect((await call('/api/v1/users')).status).toBe(401);
  });

  it('is said in the email’s language, and a name given since is kept', () => {
    expect(greetingName('fr_FR', admin)).toBe('Administrateur');
    expect(greetingName('en_US', { ...admin, firstName: 'Administrator' })).toBe('Administrator');
    expect(greetingName('fr_FR', { ...admin, firstName: 'Camille' })).toBe('Camille');
    expect(greetingName('fr_FR', { username: 'bob', firstName: null, lastName: null })).toBe('bob');
    expect(ownerNameIn('fr_FR', null)).toBe('Administrateur');
    expect(ownerNameIn('en_US', 'Alice Martin')).toBe('Alice Martin');
  });
});
