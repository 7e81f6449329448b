// Configuration → Modules (spec §2), the built-in administrator's: every metadata source with its state,
// turned on or off for the whole instance, its key saved encrypted (lib/secrets.ts) over the deployment's
// environment, and a test that asks it for something it surely knows. Keys go in and never come out.
import { createRoute, z } from '@hono/zod-openapi';
import {
  SOURCE_IDS,
  SOURCES_BY_TYPE,
  sourceModule,
  sourceModuleList,
  sourceModuleTest,
  updateSourceModuleInput,
  type SourceId,
  type SourceModule,
  type SourceModuleTest,
} from '../../../../shared/schemas/sources';
import type { Env } from '../../env';
import { bearer, errors, jsonBody, jsonContent } from '../../lib/openapi';
import { throttle } from '../../lib/rate-limit';
import { createRouter } from '../../lib/router';
import { sealSecret } from '../../lib/secrets';
import { callerOf, requireBuiltinAdmin } from '../../middleware/auth';
import { SourceFailure } from './source';
import { SOURCES, sourceAccess, sourceSettings, type SourceAccess } from './sources.service';

const admin = { tags: ['Settings'], security: bearer, middleware: [requireBuiltinAdmin] };
const sourceParam = z.object({ id: z.enum(SOURCE_IDS) });

const list = createRoute({
  ...admin,
  method: 'get',
  path: '/config/modules',
  summary: 'Every metadata source with its state and where its key comes from (built-in administrator); keys only as their last characters',
  responses: { 200: jsonContent(sourceModuleList, 'Sources'), ...errors(401, 403) },
});

const update = createRoute({
  ...admin,
  method: 'put',
  path: '/config/modules/{id}',
  summary: "Turn a source on or off for the instance, save its key (encrypted; it overrides the environment's) or forget it with null (built-in administrator)",
  request: { params: sourceParam, ...jsonBody(updateSourceModuleInput) },
  responses: { 200: jsonContent(sourceModule, 'The source after the change'), ...errors(400, 401, 403) },
});

const test = createRoute({
  ...admin,
  method: 'post',
  path: '/config/modules/{id}/test',
  summary: 'Ask a source for something it surely knows (a well-known ISBN, title or game) with its key as saved, bypassing the cache; a failure says why',
  request: { params: sourceParam },
  responses: { 200: jsonContent(sourceModuleTest, 'What the source answered'), ...errors(401, 403, 429) },
});

/** What each source is asked by a test: a code for those that read codes, else words. */
const TEST_QUERIES: Record<SourceId, { code: string } | { words: string }> = {
  openlibrary: { code: '9780441172719' },
  googlebooks: { code: '9780441172719' },
  bnf: { code: '9782070612758' },
  bgg: { words: 'Catan' },
  tmdb: { words: 'Casablanca' },
  musicbrainz: { words: 'Kind of Blue' },
};

/** Tests a person may run: each one is a request to an outside source, never cached. */
const TEST_LIMIT = { max: 30, windowSeconds: 600 };

const typesOf = (id: SourceId) => Object.entries(SOURCES_BY_TYPE).flatMap(([type, ids]) => (ids.includes(id) ? [type] : []));

async function moduleOf(env: Env, access: SourceAccess, id: SourceId): Promise<SourceModule> {
  const source = SOURCES[id];
  const stored = (await sourceSettings.read(env.DB))[id];
  const enabled = access.enabled(id);
  return {
    id,
    name: source.name,
    types: typesOf(id),
    key: source.key,
    barcodes: source.barcodes,
    enabled,
    keyFrom: access.keyFrom(id),
    keyEnding: access.keyFrom(id) === 'settings' ? (stored?.key?.ending ?? null) : null,
    ready: enabled && (source.key !== 'required' || access.key(id) !== null),
  };
}

export const sourceModulesRoutes = createRouter()
  .openapi(list, async (c) => {
    const access = await sourceAccess(c.env, true);
    return c.json({ sources: await Promise.all(SOURCE_IDS.map((id) => moduleOf(c.env, access, id))) }, 200);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    const change = c.req.valid('json');
    const stored = await sourceSettings.read(c.env.DB, true);
    const current = stored[id] ?? {};
    const key = change.key === undefined ? current.key : change.key === null ? null : await sealSecret(c.env, change.key);
    await sourceSettings.save(c.env.DB, { ...stored, [id]: { enabled: change.enabled ?? current.enabled ?? true, key } });
    return c.json(await moduleOf(c.env, await sourceAccess(c.env), id), 200);
  })
  .openapi(test, async (c) => {
    const { id } = c.req.valid('param');
    await throttle(c.get('db'), [{ key: `source-test:${callerOf(c).id}`, ...TEST_LIMIT }]);
    const access = await sourceAccess(c.env, true);
    const source = SOURCES[id];
    const key = access.key(id);
    let result: SourceModuleTest;
    if (source.key === 'required' && !key) {
      result = { ok: false, hits: 0, title: null, problem: 'needs_key', status: null };
    } else {
      const ctx = { env: c.env, key, locale: c.get('locale') };
      const query = TEST_QUERIES[id];
      try {
        const hits = await ('code' in query ? source.lookUpCode(ctx, query.code) : source.search(ctx, query.words));
        result = { ok: hits.length > 0, hits: hits.length, title: hits[0]?.title ?? null, problem: null, status: null };
      } catch (err) {
        if (!(err instanceof SourceFailure)) throw err;
        result = { ok: false, hits: 0, title: null, problem: err.problem, status: err.status };
      }
    }
    return c.json(result, 200);
  });
