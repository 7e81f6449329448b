import { z } from 'zod';
import { password } from './common';

export const signInInput = z.object({
  /** Username or email address. */
  login: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
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
  login: z.string().trim().min(1).max(254),
});

export const passwordResetConfirmInput = z.object({
  token: z.string().min(20).max(200),
  password,
  confirmation: z.string().max(200),
});
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmInput>;
