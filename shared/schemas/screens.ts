// GET /screen: a public screen's API answers in one request (docs/product.md §2).
import { z } from '@hono/zod-openapi';

/** A path of this site (`/collection/3?sort=title`), not another's (`//host`, `https://…`). */
export const screenQuery = z.object({
  path: z
    .string()
    .min(1)
    .max(2048)
    .regex(/^\/(?!\/)[^\s\\]*$/)
    .openapi({ example: '/collection/3?sort=title&dir=asc' }),
});

export const screenAnswers = z
  .object({ data: z.record(z.string(), z.unknown()).openapi({ description: 'Each API path the screen asks for, with its answer' }) })
  .openapi('ScreenAnswers');
