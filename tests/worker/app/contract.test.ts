// The answers the SPA reads are described once, in shared/schemas: the OpenAPI document names exactly
// their fields, and real answers parse with them (nothing more, nothing less).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MEDIA_TICKET_SECONDS } from '@shared/constants';
import { okResponse } from '@shared/schemas/common';
import { filterFacets, recentItems } from '@shared/schemas/items';
import { mediaTicket, mediaUpload } from '@shared/schemas/media';
import { propertyDeletionInfo } from '@shared/schemas/properties';
import { deleteUserInfo } from '@shared/schemas/users';
import { call, createUser, PNG_BYTES } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';

type OpenApiSchema = { properties?: Record<string, unknown> };
type OpenApiDoc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: OpenApiSchema }> }> }>>;
};

async function documentedFields(path: string, method: string, status: string): Promise<string[]> {
  const doc = (await (await call('/api/v1/openapi.json')).json()) as OpenApiDoc;
  const schema = doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
  return Object.keys(schema?.properties ?? {}).sort();
}

const fieldsOf = (schema: z.ZodObject) => Object.keys(schema.shape).sort();

describe('response contract', () => {
  it.each([
    ['/collections/{id}/media', 'post', '201', mediaUpload],
    ['/media-ticket', 'get', '200', mediaTicket],
    ['/collections/{id}/recent', 'get', '200', recentItems],
    ['/collections/{id}/filters', 'get', '200', filterFacets],
    ['/users/{id}/deletion', 'get', '200', deleteUserInfo],
    ['/collections/{id}/properties/{pid}/deletion', 'get', '200', propertyDeletionInfo],
    ['/password-reset', 'post', '202', okResponse],
  ] as const)('documents %s %s with the shared schema', async (path, method, status, schema) => {
    expect(await documentedFields(path, method, status)).toEqual(fieldsOf(schema));
  });

  it('answers an upload and a media ticket as the shared schemas say', async () => {
    const { token } = await createUser();
    const collection = await createCollection(token, { name: 'Contract' });
    const form = new FormData();
    form.set('file', new File([PNG_BYTES], 'cover.png'));
    const upload = await call(`/api/v1/collections/${collection.id}/media`, { method: 'POST', token, body: form });
    expect(upload.status).toBe(201);
    expect(mediaUpload.strict().safeParse(await upload.json()).success).toBe(true);

    const before = Date.now();
    const ticket = mediaTicket.strict().parse(await (await call('/api/v1/media-ticket', { token })).json());
    const lifetime = (Date.parse(ticket.expiresAt) - before) / 1000;
    expect(Math.abs(lifetime - MEDIA_TICKET_SECONDS)).toBeLessThan(5);
  });

  it('keeps the contract closed to anonymous callers', async () => {
    expect((await call('/api/v1/media-ticket')).status).toBe(401);
    expect((await call('/api/v1/users/1/deletion')).status).toBe(401);
  });
});
