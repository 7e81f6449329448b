import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ErrorBody, ErrorCode, FieldIssue } from '@shared/errors';
import type { AppEnv } from '../env';
import { type MessageKey, translate } from '../i18n/messages';
import { ApiError } from './api-error';

const HTTP_EXCEPTION_CODES: Record<number, ErrorCode> = {
  400: 'INVALID_JSON',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

const VALIDATION_REASONS = new Set([
  'required',
  'too_small',
  'too_big',
  'invalid_format',
  'invalid_type',
  'unrecognized_keys',
  'invalid_number',
  'invalid_rating',
  'not_image',
  'invalid_date',
  'invalid_datetime',
  'invalid_url',
  'url_credentials',
  'invalid_color',
  'invalid_json',
  'invalid_media',
  'not_collection_media',
  'invalid_video',
  'not_multiple',
  'unknown_property',
  'not_equal',
  'wrong_password',
  'below_lent',
  'before_today',
  'before_reserved_from',
  'reservation_too_long',
  'reservation_too_far',
  'meets_reservation',
]);

/** A day (YYYY-MM-DD) as the request's language writes it: "5 December 2026", "5 décembre 2026". */
const longDate = (locale: string, day: string) =>
  new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The message key of a field issue: limits on text, lists and numbers each have their own wording. */
function messageKey(field: FieldIssue): MessageKey {
  const limit = field.reason === 'too_small' || field.reason === 'too_big';
  if (limit && field.reason === 'too_small' && field.origin === 'string' && field.minimum === 1) return 'validation.required';
  if (limit && (field.origin === 'string' || field.origin === 'array' || field.origin === 'number')) {
    return `validation.${field.reason}.${field.origin}` as MessageKey;
  }
  return (VALIDATION_REASONS.has(field.reason) ? `validation.${field.reason}` : 'validation.invalid') as MessageKey;
}

/** The limits travel with the message so the SPA can word the issue per field in its own language. */
function localizeField(locale: AppEnv['Variables']['locale'], field: FieldIssue): FieldIssue {
  const limits = {
    ...(field.minimum !== undefined && { minimum: field.minimum }),
    ...(field.maximum !== undefined && { maximum: field.maximum }),
    ...(field.origin !== undefined && { origin: field.origin }),
    ...(field.row !== undefined && { row: field.row }),
    ...(field.property !== undefined && { property: field.property }),
    ...(field.suggestion !== undefined && { suggestion: field.suggestion }),
    ...(field.booked !== undefined && { booked: field.booked }),
  };
  if (field.message) return { path: field.path, reason: field.reason, message: field.message, ...limits };
  return {
    path: field.path,
    reason: field.reason,
    message: translate(locale, messageKey(field), {
      minimum: field.minimum ?? '',
      maximum: field.maximum ?? '',
      from: field.booked ? longDate(locale, field.booked.from) : '',
      to: field.booked ? longDate(locale, field.booked.to) : '',
    }),
    ...limits,
  };
}

/** The messages of an error and of the errors it wraps (drizzle wraps D1's as its cause). */
function messagesOf(err: unknown): string[] {
  const found: string[] = [];
  for (let cause = err, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) found.push(cause.message);
  return found;
}

/**
 * Database triggers refuse writes with RAISE(ABORT, '<ERROR CODE>') (migration 0007: STALE_WRITE;
 * migration 0014: DELETED_MEANWHILE for a value of a deleted property; migration 0035:
 * QUANTITY_BELOW_LENT); the code reaches us inside D1's message.
 */
export function abortedWith(err: unknown, code: 'STALE_WRITE' | 'DELETED_MEANWHILE' | 'QUANTITY_BELOW_LENT'): boolean {
  return messagesOf(err).some((message) => message.includes(code));
}

/**
 * A write that names a row another request deleted between this request's checks and its write
 * (an item for a collection, a value for a property): SQLite refuses it with a foreign-key error.
 */
function isForeignKeyFailure(err: unknown): boolean {
  return messagesOf(err).some((message) => message.includes('FOREIGN KEY constraint failed'));
}

/** The one place errors become responses: {error: {code, message, details}} in the caller's language. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  const locale = c.get('locale') ?? 'en_US';
  let apiError: ApiError;
  if (err instanceof ApiError) {
    apiError = err;
  } else if (abortedWith(err, 'STALE_WRITE')) {
    apiError = new ApiError('STALE_WRITE');
  } else if (err instanceof HTTPException && err.status in HTTP_EXCEPTION_CODES) {
    // Hono's body parsers and validators throw these (malformed JSON, wrong content type).
    apiError = new ApiError(HTTP_EXCEPTION_CODES[err.status]!);
  } else if (isForeignKeyFailure(err) || abortedWith(err, 'DELETED_MEANWHILE')) {
    apiError = new ApiError('DELETED_MEANWHILE');
  } else {
    console.error('unhandled error', c.get('requestId'), err.name, err.message);
    apiError = new ApiError('INTERNAL');
  }
  const { fields, retryAfter, allow, values } = apiError.details ?? {};
  const body: ErrorBody = {
    error: {
      code: apiError.code,
      message: translate(locale, `error.${apiError.code}`, values),
      details: fields || retryAfter ? { fields: fields?.map((f) => localizeField(locale, f)), retryAfter } : null,
    },
  };
  const headers: Record<string, string> = {};
  if (retryAfter) headers['Retry-After'] = String(retryAfter);
  if (allow) headers.Allow = allow.join(', ');
  return c.json(body, apiError.status, headers);
}
