// Search and import items from metadata sources (spec: /collection/{cid}/import/item), for the
// collection's owner: the sources its type uses, a search across them, where each field of a hit goes
// (remembered per collection), and a hit's cover fetched into the collection's media. Result covers are
// shown through this Worker (with the media ticket), so a visitor's browser never calls the sources.
import { createRoute, z } from '@hono/zod-openapi';
import {
  SOURCE_FIELDS,
  sourceCoverBody,
  sourceMapping,
  sourceMappingBody,
  sourceOffers,
  sourceSearchQuery,
  sourceSearchResult,
} from '@shared/schemas/sources';
import { ApiError } from '@worker/lib/api-error';
import { FetchRefused, guardedFetch } from '@worker/lib/guarded-fetch';
import { sniffImage } from '@worker/lib/media';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { fetchCover, wantThumbnails } from '@worker/lib/pictures';
import { createRouter } from '@worker/lib/router';
import { translate } from '@worker/i18n/messages';
import { verifyMediaTicket } from '@worker/lib/tokens';
import { callerOf, requireUser, sessionCaller } from '@worker/middleware/auth';
import { requireCollectionRole } from '../collections/collections.queries';
import { listPropertyRows } from '../properties/properties.queries';
import { countSourceRequest, searchSources, sourceAccess, sourceOffers as offersFor } from './sources.service';
import { saveSourceMapping, savedSourceMapping } from './source-mappings';

const owner = { tags: ['Sources'], security: bearer, middleware: [requireUser] };
const collectionParam = z.object({ id: z.coerce.number().int().positive() });

const offers = createRoute({
  ...owner,
  method: 'get',
  path: '/collections/{id}/sources',
  summary: "The metadata sources this collection's type uses, whether each is ready, and where the collection puts each field of a hit",
  request: { params: collectionParam },
  responses: { 200: jsonContent(sourceOffers.extend({ mapping: sourceMapping.nullable() }), 'Sources'), ...errors(401, 403, 404) },
});

const search = createRoute({
  ...owner,
  method: 'get',
  path: '/collections/{id}/sources/search',
  summary:
    'Search the sources by words, or look up an ISBN or barcode (check digit verified); hits the collection already holds name the item; a source that fails is named in problems and the others still answer',
  request: { params: collectionParam, query: sourceSearchQuery },
  responses: { 200: jsonContent(sourceSearchResult, 'Hits and problems'), ...errors(400, 401, 403, 404, 429) },
});

const saveMapping = createRoute({
  ...owner,
  method: 'put',
  path: '/collections/{id}/sources/mapping',
  summary:
    "Where the collection puts each field of a source's hits (a property key, or null for nowhere); fields left out take the default",
  request: { params: collectionParam, ...jsonBody(sourceMappingBody) },
  responses: { 200: jsonContent(z.object({ mapping: sourceMapping }), 'Saved'), ...errors(400, 401, 403, 404) },
});

const cover = createRoute({
  ...owner,
  method: 'post',
  path: '/collections/{id}/sources/cover',
  summary: "Fetch a hit's picture (under the guarded fetch's rules) into the collection's media; answers the media:// value to store",
  request: { params: collectionParam, ...jsonBody(sourceCoverBody) },
  responses: { 201: jsonContent(z.object({ value: z.string() }), 'Stored'), ...errors(400, 401, 403, 404, 429) },
});

/** A cover shown in a list of hits: small, and soon given up on. */
const PREVIEW_MAX_BYTES = 2 * 1024 * 1024;
const PREVIEW_TIMEOUT_MS = 8_000;

const invalid = (path: string, reason: string) => new ApiError('VALIDATION_FAILED', { fields: [{ path, reason, message: '' }] });

const coverPreview = createRoute({
  method: 'get',
  path: '/source-cover',
  tags: ['Sources'],
  summary:
    "A hit's picture passed through for an <img> (which sends no bearer header: t is a media ticket); only pictures, anything else is 404",
  request: { query: z.object({ address: z.string().max(2000), t: z.string().max(1000) }) },
  responses: {
    200: { description: 'The picture', content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errors(401, 404),
  },
});

export const sourcesRoutes = createRouter()
  .openapi(offers, async (c) => {
    const db = c.get('db');
    const { collection } = await requireCollectionRole(db, callerOf(c), c.req.valid('param').id, 'editor');
    const mapping = await savedSourceMapping(db, collection.id);
    return c.json({ sources: offersFor(await sourceAccess(c.env), collection.type), mapping }, 200);
  })
  .openapi(search, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { collection } = await requireCollectionRole(db, caller, c.req.valid('param').id, 'editor');
    const { q, source } = c.req.valid('query');
    const properties = await listPropertyRows(db, collection.id);
    const result = await searchSources(c.env, db, { collection, properties, callerId: caller.id, q, source, locale: c.get('locale') });
    return c.json(result, 200);
  })
  .openapi(saveMapping, async (c) => {
    const db = c.get('db');
    const { collection } = await requireCollectionRole(db, callerOf(c), c.req.valid('param').id, 'editor');
    const { mapping } = c.req.valid('json');
    const keys = new Set((await listPropertyRows(db, collection.id)).map((p) => p.key));
    for (const field of SOURCE_FIELDS) {
      const key = mapping[field];
      if (key && !keys.has(key)) throw invalid(`mapping.${field}`, 'unknown_property');
    }
    await saveSourceMapping(db, collection.id, mapping);
    return c.json({ mapping }, 200);
  })
  .openapi(cover, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { collection } = await requireCollectionRole(db, caller, c.req.valid('param').id, 'editor');
    await countSourceRequest(db, caller.id);
    const value = await fetchCover(c.env, collection.id, c.req.valid('json').address);
    if (value === '!not_image') throw invalid('address', 'not_image');
    if (value.startsWith('!'))
      throw new ApiError('SOURCE_UNREACHABLE', {
        fields: [{ path: 'address', reason: value.slice(1), message: translate(c.get('locale'), 'error.SOURCE_UNREACHABLE') }],
      });
    // The owner's browser makes its thumbnail, as for an import's pictures.
    await wantThumbnails(c.env, collection.id, [value]).run();
    return c.json({ value }, 201);
  })
  .openapi(coverPreview, async (c) => {
    const { address, t } = c.req.valid('query');
    const claims = await verifyMediaTicket(c.env.APP_SECRET, t);
    if (!claims || !(await sessionCaller(c.get('db'), claims))) throw new ApiError('UNAUTHENTICATED');
    let fetched;
    try {
      fetched = await guardedFetch(c.env, address, {
        maxBytes: PREVIEW_MAX_BYTES,
        timeoutMs: PREVIEW_TIMEOUT_MS,
        headers: { accept: 'image/*' },
      });
    } catch (err) {
      if (err instanceof FetchRefused) throw new ApiError('NOT_FOUND');
      throw err;
    }
    const image = sniffImage(fetched.bytes);
    if (!image) throw new ApiError('NOT_FOUND');
    return new Response(fetched.bytes, {
      headers: {
        'content-type': image.type,
        'cache-control': 'private, max-age=86400',
        'content-security-policy': "default-src 'none'; sandbox",
      },
    });
  });
