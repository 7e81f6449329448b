import { z } from 'zod';
import { LOGIN_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';
import { password } from './common';

export const signInInput = z.object({
  /** Username or email address. */
  login: z.string().trim().min(1).max(LOGIN_MAX_LENGTH),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type SignInInput = z.input<typeof signInInput>;

export const sessionUser = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Demo mode: the session may look but not change anything. */
  readOnly: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const tokenResponse = z.object({ token: z.string(), user: sessionUser });
export type TokenResponse = z.infer<typeof tokenResponse>;

export const passwordResetRequestInput = z.object({
  /** Username or email address. */
  login: z.string().trim().min(1).max(LOGIN_MAX_LENGTH),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestInput>;

export const passwordResetConfirmInput = z.object({
  token: z.string().min(20).max(200),
  password,
  confirmation: z.string().max(PASSWORD_MAX_LENGTH),
});
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmInput>;

/** Whether a reset link still works, asked before its form is shown; the link is not spent. */
export const passwordResetCheckInput = z.object({ token: z.string().max(200) });
export type PasswordResetCheckInput = z.input<typeof passwordResetCheckInput>;
