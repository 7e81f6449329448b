import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '@shared/errors';

/** Handlers throw this; the app's onError turns it into the localized error envelope. */
export class ApiError extends Error {
  readonly status: (typeof ERROR_STATUS)[ErrorCode];

  constructor(
    readonly code: ErrorCode,
    /**
     * `allow`: the methods the address answers, sent as the Allow header of a 405. `values`: what the
     * message names (its {placeholders}).
     */
    readonly details?: { fields?: FieldIssue[]; retryAfter?: number; allow?: readonly string[]; values?: Record<string, string | number> },
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}
