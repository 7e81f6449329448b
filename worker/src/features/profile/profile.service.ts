// Checks shared by the profile's sensitive changes (password, email address).
import type { Db } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { verifyPassword } from '@worker/lib/password';
import { clearAttempts, throttle } from '@worker/lib/rate-limit';
import type { UserRow } from '../users/users.queries';

/** A stolen session must not become a way to guess the password it lacks. */
const CURRENT_PASSWORD_TRIES = 5;
const WINDOW_SECONDS = 15 * 60;

export async function assertCurrentPassword(db: Db, user: UserRow, password: string | undefined): Promise<void> {
  if (!password) {
    throw new ApiError('VALIDATION_FAILED', { fields: [{ path: 'currentPassword', reason: 'required', message: '' }] });
  }
  const limit = { key: `current-password:user:${user.id}`, max: CURRENT_PASSWORD_TRIES, windowSeconds: WINDOW_SECONDS };
  // Counted before checking, so parallel guesses cannot outrun the limit.
  await throttle(db, [limit]);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new ApiError('INVALID_CURRENT_PASSWORD', {
      fields: [{ path: 'currentPassword', reason: 'wrong_password', message: '' }],
    });
  }
  await clearAttempts(db, limit.key);
}
