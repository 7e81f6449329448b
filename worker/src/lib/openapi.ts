// Helpers that keep route definitions short while the OpenAPI document stays generated from the same
// zod schemas that validate requests.
import { z } from '@hono/zod-openapi';
import { ERROR_CODES } from '@shared/errors';

export const errorBody = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES as [string, ...string[]]),
      message: z.string(),
      details: z
        .object({
          fields: z
            .array(
              z.object({
                path: z.string(),
                reason: z.string(),
                message: z.string(),
                minimum: z.number().optional(),
                maximum: z.number().optional(),
                origin: z.string().optional(),
                row: z.number().optional(),
                property: z.string().optional(),
                suggestion: z.string().optional(),
              }),
            )
            .optional(),
          retryAfter: z.number().optional(),
        })
        .nullable()
        .optional(),
    }),
  })
  .openapi('Error');

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (details.fields lists each field)',
  401: 'No token, or a token that is invalid, expired or revoked',
  403: 'Not allowed (or demo mode)',
  404: 'Missing, or not visible to the caller',
  409: 'Conflict',
  412: 'If-Match names another version than the current one (PRECONDITION_FAILED): nothing was written',
  413: 'Too large',
  415: 'Wrong media type',
  429: 'Too many attempts (Retry-After header)',
};

export function errors(...statuses: (keyof typeof ERROR_DESCRIPTIONS & number)[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/json': { schema: errorBody } },
      },
    ]),
  );
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}

export const bearer = [{ bearerAuth: [] }];
