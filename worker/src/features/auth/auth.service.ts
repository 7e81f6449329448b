// Sign-in throttling. The built-in account's name is public, so a limit per account alone would let anyone
// lock its owner out. Hard limits are per account AND address, and per address; across all addresses an
// account is only slowed down, so the right password from a new address still gets in within a minute.
import type { Db } from '@worker/env';
import { clearAttempts, clearAttemptsStartingWith, type Limit, type SoftLimit } from '@worker/lib/rate-limit';

const WINDOW_SECONDS = 15 * 60;
const PER_ACCOUNT_AND_ADDRESS = 5;
const PER_ADDRESS = 30;
const ACCOUNT_FREE_ATTEMPTS = 10;
const ACCOUNT_MAX_DELAY_SECONDS = 60;

export interface SignInLimits {
  pair: Limit;
  address: Limit;
  account: SoftLimit;
}

/** `account` is `user:<id>`, or `name:<login>` when no account matches (so both behave the same). */
export function signInLimits(account: string, address: string): SignInLimits {
  return {
    pair: { key: `login:pair:${account}:${address}`, max: PER_ACCOUNT_AND_ADDRESS, windowSeconds: WINDOW_SECONDS },
    address: { key: `login:address:${address}`, max: PER_ADDRESS, windowSeconds: WINDOW_SECONDS },
    account: {
      key: `login:account:${account}`,
      free: ACCOUNT_FREE_ATTEMPTS,
      windowSeconds: WINDOW_SECONDS,
      maxDelaySeconds: ACCOUNT_MAX_DELAY_SECONDS,
    },
  };
}

/** After a password reset the owner starts afresh from every address. */
export function clearSignInLimitsOf(db: Db, userId: number) {
  return [
    clearAttemptsStartingWith(db, `login:pair:user:${userId}:`),
    clearAttempts(db, `login:account:user:${userId}`),
    clearAttempts(db, `login:account:user:${userId}:turn`),
  ] as const;
}
