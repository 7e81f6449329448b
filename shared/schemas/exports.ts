// An export of a collection with its pictures: made in the background, then downloaded as one zip.
import { z } from '@hono/zod-openapi';

export const EXPORT_STATUSES = ['running', 'done', 'failed'] as const;

export const exportRun = z
  .object({
    id: z.number().int(),
    collectionId: z.number().int(),
    status: z.enum(EXPORT_STATUSES),
    /** document (items being written), pictures (being measured), done */
    phase: z.enum(['document', 'pictures', 'done']),
    /** Items written into the document so far, of the collection's `total`. */
    items: z.number().int(),
    total: z.number().int(),
    /** Pictures measured so far, and their bytes. */
    pictures: z.number().int(),
    bytes: z.number().int(),
    /** The zip's address once done (kept a day). */
    file: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('ExportRun');
export type ExportRun = z.infer<typeof exportRun>;

export const exportRunList = z.object({ runs: z.array(exportRun) }).openapi('ExportRunList');
export type ExportRunList = z.infer<typeof exportRunList>;
