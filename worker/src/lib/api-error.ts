import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '../../../shared/errors';

/** Handlers throw this; the app's onError turns it into the localized error envelope. */
export class ApiError extends Error {
  readonly status: (typeof ERROR_STATUS)[ErrorCode];

  constructor(
    readonly code: ErrorCode,
    readonly details?: { fields?: FieldIssue[]; retryAfter?: number },
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}
