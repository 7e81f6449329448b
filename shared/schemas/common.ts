import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../constants';

/** A RegExp matching all of a value against a pattern source (the same source forms give to HTML). */
export const wholly = (pattern: string) => new RegExp(`^(?:${pattern})$`);

export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** Empty strings from forms mean "no value". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const email = z.string().trim().toLowerCase().pipe(z.email().max(EMAIL_MAX_LENGTH));
export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => (v === '' ? null : v))
  .pipe(z.email().max(EMAIL_MAX_LENGTH).nullable())
  .nullable()
  .optional();

/** Letters, digits and . _ - ; 2–40 characters. */
export const username = z.string().trim().min(USERNAME_MIN_LENGTH).max(USERNAME_MAX_LENGTH).regex(wholly(USERNAME_PATTERN));

/** Every edit of an item, a collection or a property moves its version on by one. */
export const version = z.number().int().min(1);
/**
 * The version an edit was made from. When the resource has changed since, the edit is refused with
 * 409 STALE_WRITE and nothing is written; without it, the last edit wins.
 */
export const editedVersion = version.optional();

export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;
