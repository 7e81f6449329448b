import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '../constants';
import { optionalEmail, optionalText, password, username } from './common';

/** What the API says about a user: never the password hash. */
export const user = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** media://<key> or null. */
  avatar: z.string().nullable(),
  isAdmin: z.boolean(),
  enabled: z.boolean(),
  /** True for the built-in administrator, who owns the Configuration area. */
  builtinAdmin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof user>;

export const userList = z.object({ users: z.array(user) });
export type UserList = z.infer<typeof userList>;

export const createUserInput = z.object({
  username,
  password,
  email: optionalEmail,
  firstName: optionalText(PERSON_NAME_MAX_LENGTH),
  lastName: optionalText(PERSON_NAME_MAX_LENGTH),
  isAdmin: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type CreateUserInput = z.input<typeof createUserInput>;

export const updateUserInput = z
  .object({
    username: username.optional(),
    /** Empty or absent: the password is kept. */
    password: z
      .union([z.literal(''), password])
      .optional()
      .transform((v) => (v ? v : undefined)),
    email: optionalEmail,
    firstName: optionalText(PERSON_NAME_MAX_LENGTH),
    lastName: optionalText(PERSON_NAME_MAX_LENGTH),
    isAdmin: z.boolean().optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateUserInput = z.input<typeof updateUserInput>;

export const deleteUserInfo = z.object({
  /** Collections deleted with the user (the warning before confirming). */
  collectionCount: z.number().int(),
});
export type UserDeletionInfo = z.infer<typeof deleteUserInfo>;

/** The signed-in user's own view of the account. */
export const profile = user.extend({
  /** A new address waiting to be confirmed from its inbox; `email` changes once it is. */
  pendingEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

export const updateProfileInput = z
  .object({
    /** A different address is only taken with the current password, and once the new inbox confirms it. */
    email: optionalEmail,
    firstName: optionalText(PERSON_NAME_MAX_LENGTH),
    lastName: optionalText(PERSON_NAME_MAX_LENGTH),
    /** Required when the email address changes. */
    currentPassword: z.string().max(200).optional(),
  })
  .strict();
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const confirmEmailChangeInput = z.object({ token: z.string().min(20).max(200) });
export type ConfirmEmailChangeInput = z.input<typeof confirmEmailChangeInput>;

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: password,
  confirmation: z.string().max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;
