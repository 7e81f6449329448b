import type { z } from 'zod';
import type { FieldIssue } from '@shared/errors';
import { ApiError } from './api-error';

/** Zod issues → field details of a VALIDATION_FAILED error; messages are localized by onError. */
export function validationError(error: z.ZodError): ApiError {
  const fields: FieldIssue[] = error.issues.map((issue) => {
    const missing = issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined;
    const reason = missing ? 'required' : issue.code;
    const limits =
      issue.code === 'too_small'
        ? { minimum: Number(issue.minimum), origin: issue.origin }
        : issue.code === 'too_big'
          ? { maximum: Number(issue.maximum), origin: issue.origin }
          : {};
    return { path: issue.path.map(String).join('.'), reason, message: '', ...limits };
  });
  return new ApiError('VALIDATION_FAILED', { fields });
}
