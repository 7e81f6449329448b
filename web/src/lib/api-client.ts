// The one way the SPA talks to the API: prefixes /api/v1, sends the language and the bearer token,
// and turns the error envelope into a typed ApiError. No side effects (no redirects, no storage writes).
import { API_PREFIX, DEFAULT_LOCALE, STORAGE_KEYS, isLocale } from '@shared/constants';
import { isErrorBody } from '@shared/errors';
import type { ErrorCode, FieldIssue } from '@shared/errors';
import { readStorage } from './storage';

/** Codes from the contract, plus the two the client produces itself. */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN';

interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message?: string;
  fields?: FieldIssue[];
  retryAfter?: number | null;
}

export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: FieldIssue[];
  /** Seconds to wait before retrying (429), when the server says so. */
  readonly retryAfter: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message || init.code);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.retryAfter = init.retryAfter ?? null;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (uploads); takes precedence over body. */
  formData?: FormData;
  /** Sent as it is, with its own type (a backup to restore); takes precedence over formData. */
  file?: Blob;
  signal?: AbortSignal;
}

export function currentLanguage(): string {
  const stored = readStorage(STORAGE_KEYS.lang);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** Full URL of an API path: "/profile" → "/api/v1/profile". */
export function apiUrl(path: string): string {
  return `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
}

function parseRetryAfter(header: string | null, fromBody: unknown): number | null {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }
  return typeof fromBody === 'number' && Number.isFinite(fromBody) ? fromBody : null;
}

function fallbackCode(status: number): ApiErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status >= 500) return 'INTERNAL';
  return 'UNKNOWN';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The headers every API request carries: the language, and the session's token when there is one. */
function apiHeaders(accept: string): Headers {
  const headers = new Headers({ Accept: accept, 'Content-Language': currentLanguage() });
  const token = readStorage(STORAGE_KEYS.token);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** A file the API answers (an export), as a Blob; errors as apiRequest throws them. */
/** A file from the API (an export, a source's document); `body` makes it a POST of that JSON. */
export async function apiDownload(path: string, options: { body?: unknown } = {}): Promise<Blob> {
  let response: Response;
  const headers = apiHeaders('*/*');
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  try {
    response = await fetch(apiUrl(path), {
      headers,
      ...(options.body !== undefined && { method: 'POST', body: JSON.stringify(options.body) }),
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK', message: 'Network error' });
  }
  if (response.ok) return response.blob();
  const data = await readBody(response);
  throw await apiError({
    status: response.status,
    code: isErrorBody(data) ? data.error.code : 'UNKNOWN',
    message: isErrorBody(data) ? data.error.message : response.statusText,
    fields: isErrorBody(data) ? data.error.details?.fields : undefined,
  });
}

/** Answers already on their way for GET paths (a screen's, web/src/lib/screen-prefetch.ts), or undefined. */
type PrefetchedAnswers = (path: string) => Promise<{ value: unknown } | undefined>;
let prefetched: PrefetchedAnswers | null = null;

export function answerGetsFrom(source: PrefetchedAnswers | null): void {
  prefetched = source;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const plainGet = (options.method ?? 'GET') === 'GET' && options.body === undefined && !options.formData && !options.file;
  if (plainGet && prefetched) {
    const answer = await prefetched(path);
    if (answer) return answer.value as T;
  }
  const headers = apiHeaders('application/json');

  let body: BodyInit | undefined;
  if (options.file) {
    headers.set('Content-Type', options.file.type || 'application/octet-stream');
    body = options.file;
  } else if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK', message: 'Network error' });
  }

  const data = await readBody(response);
  if (response.ok) return data as T;

  if (isErrorBody(data)) {
    const details = data.error.details ?? null;
    throw await apiError({
      status: response.status,
      code: data.error.code,
      message: data.error.message,
      fields: Array.isArray(details?.fields) ? details.fields : [],
      retryAfter: parseRetryAfter(response.headers.get('Retry-After'), details?.retryAfter),
    });
  }
  throw await apiError({
    status: response.status,
    code: fallbackCode(response.status),
    retryAfter: parseRetryAfter(response.headers.get('Retry-After'), undefined),
  });
}

/** Work to finish before an answer's error is thrown: the texts that describe it (main.tsx passes lib/error-messages' loader). */
let beforeError: (() => Promise<unknown>) | null = null;

export function prepareErrorsWith(prepare: (() => Promise<unknown>) | null): void {
  beforeError = prepare;
}

async function apiError(init: ApiErrorInit): Promise<ApiError> {
  await beforeError?.();
  return new ApiError(init);
}

/** Page-level status (docs/product.md §8): no response → 500, 404 stays 404, anything else → 500. */
export function pageErrorStatus(error: unknown): 404 | 500 {
  return isApiError(error) && error.status === 404 ? 404 : 500;
}
