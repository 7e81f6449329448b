// Configuration → Modules (docs/product.md §2), the built-in administrator's: every metadata source with its state,
// turned on or off for the whole instance, its key saved encrypted (lib/secrets.ts) over the deployment's
// environment, and a test that asks it for something it surely knows. Keys go in and never come out.
// External modules (external.source.ts) are registered here by their https address, after their manifest
// was read; "upgrade all" reads every manifest again and says what changed.
import { createRoute, z } from '@hono/zod-openapi';
import {
  SOURCE_IDS,
  SOURCES_BY_TYPE,
  externalModule,
  externalUpgradeResult,
  isExternalSourceId,
  registerExternalModuleInput,
  sourceIdSchema,
  sourceModule,
  sourceModuleList,
  sourceModuleTest,
  updateExternalModuleInput,
  updateSourceModuleInput,
  type BuiltinSourceId,
  type ExternalUpgrade,
  type SourceModule,
  type SourceModuleTest,
  type SourceProblem,
} from '@shared/schemas/sources';
import type { Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { throttle } from '@worker/lib/rate-limit';
import { createRouter } from '@worker/lib/router';
import { sealSecret } from '@worker/lib/secrets';
import { translate } from '@worker/i18n/messages';
import { callerOf, requireBuiltinAdmin } from '@worker/middleware/auth';
import { externalBase, externalSource, readManifest, type ExternalManifest } from './external.source';
import {
  EXTERNAL_MODULES_MAX,
  deleteExternalSource,
  externalModuleOf,
  externalSourceByAddress,
  findExternalSource,
  insertExternalSource,
  listExternalSources,
  saveExternalChecks,
  setExternalSourceEnabled,
  type ExternalSourceFull,
} from './external-sources.queries';
import { SourceFailure, type FoundHit, type MetadataSource, type SourceContext } from './source';
import { SOURCES, sourceAccess, sourceSettings, type SourceAccess } from './sources.service';

const admin = { tags: ['Settings'], security: bearer, middleware: [requireBuiltinAdmin] };
const sourceParam = z.object({ id: z.enum(SOURCE_IDS) });
const anySourceParam = z.object({ id: sourceIdSchema });
const externalParam = z.object({ n: z.coerce.number().int().positive().max(999_999_999) });

const PROTOCOL =
  'An external module is a base address B (https) answering JSON: GET B/manifest → {protocol: 1, name (≤ 60), version (≤ 40), types (books, comics, movies, board_games, or "any"), barcodes, description?, sample?}; ' +
  'GET B/search?q=<words>&lang=<en|fr> and GET B/code/<digits>?lang=<en|fr> → {hits: [{id, title, fields: {<source field>: [text…]}}]} (≤ 10 hits). ' +
  'Unknown members are ignored; an answer too large, not JSON or not of this shape is the problem "malformed".';

const list = createRoute({
  ...admin,
  method: 'get',
  path: '/config/modules',
  summary:
    'Every metadata source with its state and where its key comes from (built-in administrator); keys only as their last characters. External modules follow, with their last manifest and problem',
  description: PROTOCOL,
  responses: { 200: jsonContent(sourceModuleList, 'Sources'), ...errors(401, 403) },
});

const update = createRoute({
  ...admin,
  method: 'put',
  path: '/config/modules/{id}',
  summary:
    "Turn a source on or off for the instance, save its key (encrypted; it overrides the environment's) or forget it with null (built-in administrator)",
  request: { params: sourceParam, ...jsonBody(updateSourceModuleInput) },
  responses: { 200: jsonContent(sourceModule, 'The source after the change'), ...errors(400, 401, 403) },
});

const test = createRoute({
  ...admin,
  method: 'post',
  path: '/config/modules/{id}/test',
  summary:
    'Ask a source for something it surely knows (a well-known ISBN, title or game) with its key as saved, bypassing the cache; a failure says why. An external module (ext-<n>) has its manifest read, then its sample words (else its name) searched',
  request: { params: anySourceParam },
  responses: { 200: jsonContent(sourceModuleTest, 'What the source answered'), ...errors(400, 401, 403, 404, 429) },
});

const register = createRoute({
  ...admin,
  method: 'post',
  path: '/config/modules/external',
  summary:
    'Register an external module by its base address (https; the manifest at <address>/manifest is read and validated first). 400 SOURCE_UNREACHABLE says why not (details.fields[0].reason: not_https, address, unreachable, timeout, refused, busy, malformed); 409 when already registered',
  description: PROTOCOL,
  request: jsonBody(registerExternalModuleInput),
  responses: { 201: jsonContent(externalModule, 'Registered'), ...errors(400, 401, 403, 409, 429) },
});

const updateExternal = createRoute({
  ...admin,
  method: 'put',
  path: '/config/modules/external/{n}',
  summary: 'Turn an external module on or off for the instance (built-in administrator)',
  request: { params: externalParam, ...jsonBody(updateExternalModuleInput) },
  responses: { 200: jsonContent(externalModule, 'The module after the change'), ...errors(400, 401, 403, 404) },
});

const removeExternal = createRoute({
  ...admin,
  method: 'delete',
  path: '/config/modules/external/{n}',
  summary: 'Remove an external module and its cached answers (built-in administrator); items made from its hits stay',
  request: { params: externalParam },
  responses: { 204: { description: 'Removed' }, ...errors(400, 401, 403, 404) },
});

const upgrade = createRoute({
  ...admin,
  method: 'post',
  path: '/config/modules/upgrade',
  summary:
    "Upgrade all: read every external module's manifest again and save the new ones; answers what changed for each (name, version, types, barcodes, description), or the problem met, in which case the module keeps its last good manifest",
  description: PROTOCOL,
  responses: { 200: jsonContent(externalUpgradeResult, 'What changed, and the modules now'), ...errors(401, 403, 429) },
});

/** What each source is asked by a test: a code for those that read codes, else words. */
const TEST_QUERIES: Record<BuiltinSourceId, { code: string } | { words: string }> = {
  openlibrary: { code: '9780441172719' },
  googlebooks: { code: '9780441172719' },
  bnf: { code: '9782070612758' },
  bgg: { words: 'Catan' },
  tmdb: { words: 'Casablanca' },
  musicbrainz: { words: 'Kind of Blue' },
};

/** Tests a person may run: each one is a request to an outside source, never cached. */
const TEST_LIMIT = { max: 30, windowSeconds: 600 };

const typesOf = (id: BuiltinSourceId) => Object.entries(SOURCES_BY_TYPE).flatMap(([type, ids]) => (ids.includes(id) ? [type] : []));

async function moduleOf(env: Env, access: SourceAccess, id: BuiltinSourceId): Promise<SourceModule> {
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

/** A test's answer from what a source gave for a query. */
async function testWith(
  source: MetadataSource,
  ctx: SourceContext,
  query: { code: string } | { words: string },
): Promise<SourceModuleTest> {
  try {
    const hits: FoundHit[] = await ('code' in query ? source.lookUpCode(ctx, query.code) : source.search(ctx, query.words));
    return { ok: hits.length > 0, hits: hits.length, title: hits[0]?.title ?? null, problem: null, status: null };
  } catch (err) {
    if (!(err instanceof SourceFailure)) throw err;
    return { ok: false, hits: 0, title: null, problem: err.problem, status: err.status };
  }
}

const requireExternal = async (env: Env, n: number): Promise<ExternalSourceFull> => {
  const found = await findExternalSource(env.DB, n);
  if (!found) throw new ApiError('NOT_FOUND');
  return found;
};

/** A manifest read now, or the problem met. */
async function manifestAt(
  env: Env,
  address: string,
): Promise<{ manifest: ExternalManifest } | { problem: SourceProblem; status: number | null }> {
  try {
    return { manifest: await readManifest(env, address) };
  } catch (err) {
    if (!(err instanceof SourceFailure)) throw err;
    return { problem: err.problem, status: err.status };
  }
}

/** What differs between a module as saved and a manifest read now. */
function changesOf(saved: ExternalSourceFull, manifest: ExternalManifest): ExternalUpgrade['changes'] {
  const changes: ExternalUpgrade['changes'] = {};
  if (saved.name !== manifest.name) changes.name = { from: saved.name, to: manifest.name };
  if (saved.version !== manifest.version) changes.version = { from: saved.version, to: manifest.version };
  if (saved.types.join() !== manifest.types.join()) changes.types = { from: saved.types, to: manifest.types };
  if (saved.barcodes !== manifest.barcodes) changes.barcodes = { from: saved.barcodes, to: manifest.barcodes };
  const description = manifest.description ?? null;
  if (saved.description !== description) changes.description = { from: saved.description, to: description };
  return changes;
}

const unreachable = (locale: Parameters<typeof translate>[0], reason: string) =>
  new ApiError('SOURCE_UNREACHABLE', { fields: [{ path: 'address', reason, message: translate(locale, 'error.SOURCE_UNREACHABLE') }] });

export const sourceModulesRoutes = createRouter()
  .openapi(list, async (c) => {
    const access = await sourceAccess(c.env, true);
    return c.json(
      { sources: await Promise.all(SOURCE_IDS.map((id) => moduleOf(c.env, access, id))), external: access.externals.map(externalModuleOf) },
      200,
    );
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
    const locale = c.get('locale');
    if (isExternalSourceId(id)) {
      const found = await requireExternal(c.env, Number(id.slice(4)));
      await throttle(c.get('db'), [{ key: `source-test:${callerOf(c).id}`, ...TEST_LIMIT }]);
      // The manifest as it is now (a module that stopped answering its manifest is reported so), then a search.
      const read = await manifestAt(c.env, found.address);
      if ('problem' in read) return c.json({ ok: false, hits: 0, title: null, problem: read.problem, status: read.status }, 200);
      const ctx = { env: c.env, key: null, locale };
      return c.json(await testWith(externalSource(found), ctx, { words: read.manifest.sample ?? read.manifest.name }), 200);
    }
    await throttle(c.get('db'), [{ key: `source-test:${callerOf(c).id}`, ...TEST_LIMIT }]);
    const access = await sourceAccess(c.env, true);
    const source = SOURCES[id];
    const key = access.key(id);
    if (source.key === 'required' && !key)
      return c.json({ ok: false, hits: 0, title: null, problem: 'needs_key' as const, status: null }, 200);
    return c.json(await testWith(source, { env: c.env, key, locale }, TEST_QUERIES[id]), 200);
  })
  .openapi(register, async (c) => {
    const locale = c.get('locale');
    const base = externalBase(c.env, c.req.valid('json').address);
    if ('problem' in base) throw unreachable(locale, base.problem);
    if (await externalSourceByAddress(c.env.DB, base.address)) throw new ApiError('MODULE_ALREADY_REGISTERED');
    if ((await listExternalSources(c.env.DB)).length >= EXTERNAL_MODULES_MAX) throw new ApiError('MODULES_FULL');
    await throttle(c.get('db'), [{ key: `source-test:${callerOf(c).id}`, ...TEST_LIMIT }]);
    const read = await manifestAt(c.env, base.address);
    if ('problem' in read) throw unreachable(locale, read.problem);
    const saved = await insertExternalSource(c.env.DB, base.address, read.manifest);
    if (!saved) throw new ApiError('MODULE_ALREADY_REGISTERED');
    return c.json(externalModuleOf(saved), 201);
  })
  .openapi(updateExternal, async (c) => {
    const { n } = c.req.valid('param');
    const saved = await setExternalSourceEnabled(c.env.DB, n, c.req.valid('json').enabled);
    if (!saved) throw new ApiError('NOT_FOUND');
    return c.json(externalModuleOf(saved), 200);
  })
  .openapi(removeExternal, async (c) => {
    if (!(await deleteExternalSource(c.env.DB, c.req.valid('param').n))) throw new ApiError('NOT_FOUND');
    return c.body(null, 204);
  })
  .openapi(upgrade, async (c) => {
    await throttle(c.get('db'), [{ key: `source-test:${callerOf(c).id}`, ...TEST_LIMIT }]);
    const modules = await listExternalSources(c.env.DB);
    const reads = await Promise.all(modules.map((module) => manifestAt(c.env, module.address)));
    const upgrades: ExternalUpgrade[] = modules.map((module, i) => {
      const read = reads[i]!;
      if ('problem' in read) return { id: `ext-${module.id}`, name: module.name, changes: {}, problem: read.problem, status: read.status };
      return { id: `ext-${module.id}`, name: read.manifest.name, changes: changesOf(module, read.manifest), problem: null, status: null };
    });
    await saveExternalChecks(
      c.env.DB,
      modules.map((module, i) => {
        const read = reads[i]!;
        return 'problem' in read
          ? { id: module.id, manifest: null, changed: false, problem: read.problem }
          : { id: module.id, manifest: read.manifest, changed: Object.keys(upgrades[i]!.changes).length > 0, problem: null };
      }),
    );
    return c.json({ upgrades, modules: (await listExternalSources(c.env.DB)).map(externalModuleOf) }, 200);
  });
