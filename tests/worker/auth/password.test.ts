import { describe, expect, it } from 'vitest';
import { hashPassword, PBKDF2_ITERATIONS, PBKDF2_MAX_ITERATIONS, verifyPassword } from '@worker/lib/password';

describe('password hashing', () => {
  it('uses PBKDF2-SHA256 within Cloudflare’s 100,000-iteration cap, parameters stored with the hash', async () => {
    expect(PBKDF2_MAX_ITERATIONS).toBe(100_000);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(PBKDF2_MAX_ITERATIONS);
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(new RegExp(`^pbkdf2-sha256\\$${PBKDF2_ITERATIONS}\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`));
    expect(await verifyPassword('correct horse', hash)).toBe(true);
  });

  it('refuses more iterations than the cap, and still verifies hashes made with another count', async () => {
    expect(await verifyPassword('y', await hashPassword('y', 100_000))).toBe(true);
    await expect(hashPassword('x', 100_001)).rejects.toThrow(RangeError);
    const tooMany = (await hashPassword('x', 1000)).replace('$1000$', '$200000$');
    expect(await verifyPassword('x', tooMany)).toBe(false);
  });

  it('salts each hash and verifies only the right password', async () => {
    const a = await hashPassword('same password');
    const b = await hashPassword('same password');
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same passwore', a)).toBe(false);
    expect(await verifyPassword('same password', 'garbage')).toBe(false);
  });
});
