import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ErrorBody, ErrorCode, FieldIssue } from '../../../shared/errors';
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
  'invalid_date',
  'invalid_datetime',
  'invalid_url',
  'invalid_color',
  'invalid_json',
  'invalid_media',
  'invalid_video',
  'not_multiple',
  'unknown_property',
  'not_equal',
  'wrong_password',
]);

function localizeField(locale: AppEnv['Variables']['locale'], field: FieldIssue & { minimum?: number; maximum?: number }): FieldIssue {
  if (field.message) return { path: field.path, reason: field.reason, message: field.message };
  const key = (VALIDATION_REASONS.has(field.reason) ? `validation.${field.reason}` : 'validation.invalid') as MessageKey;
  return {
    path: field.path,
    reason: field.reason,
    message: translate(locale, key, { minimum: field.minimum ?? '', maximum: field.maximum ?? '' }),
  };
}

/**
 * Database triggers refuse writes with RAISE(ABORT, '<ERROR CODE>') (migration 0007: STALE_WRITE); the
 * code reaches us inside D1's message, possibly wrapped by drizzle as the error's cause.
 */
function abortedWith(err: unknown, code: 'STALE_WRITE'): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e.message.includes(code)) return true;
  return false;
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
  } else {
    console.error('unhandled error', c.get('requestId'), err.name, err.message);
    apiError = new ApiError('INTERNAL');
  }
  const { fields, retryAfter } = apiError.details ?? {};
  const body: ErrorBody = {
    error: {
      code: apiError.code,
      message: translate(locale, `error.${apiError.code}`),
      details: fields || retryAfter ? { fields: fields?.map((f) => localizeField(locale, f)), retryAfter } : null,
    },
  };
  const headers: Record<string, string> = {};
  if (retryAfter) headers['Retry-After'] = String(retryAfter);
  return c.json(body, apiError.status, headers);
}
