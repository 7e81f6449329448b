// Custom configuration keys (docs/product.md §2, Configuration): name–value entries the built-in administrator
// adds, edits and deletes, which take effect at once (no redeploy) and which modules read by name with
// configValue(). Names are checked (lower-case words joined by dots, dashes or underscores); values are
// text of at most CONFIG_VALUE_MAX_LENGTH characters. Demo mode shows them and refuses changes.
import { createRoute, z } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import { CONFIG_KEYS_MAX, configKeyInput, configKeyList, configKeyName, configKey, type ConfigKey } from '@shared/schemas/settings';
import { NOW_SQL } from '@worker/db/now';
import { configKeys } from '@worker/db/schema';
import type { Db } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { requireBuiltinAdmin } from '@worker/middleware/auth';

const admin = { tags: ['Settings'], security: bearer, middleware: [requireBuiltinAdmin] };
const byName = z.object({ name: configKeyName });

const list = createRoute({
  ...admin,
  method: 'get',
  path: '/config/keys',
  summary: 'Every custom configuration key, by name (built-in administrator)',
  responses: { 200: jsonContent(configKeyList, 'The keys'), ...errors(401, 403) },
});

const put = createRoute({
  ...admin,
  method: 'put',
  path: '/config/keys/{name}',
  summary: 'Add a custom configuration key, or change its value (built-in administrator)',
  request: { params: byName, ...jsonBody(configKeyInput) },
  responses: { 200: jsonContent(configKey, 'The key as stored'), ...errors(400, 401, 403, 409) },
});

const remove = createRoute({
  ...admin,
  method: 'delete',
  path: '/config/keys/{name}',
  summary: 'Delete a custom configuration key (built-in administrator)',
  request: { params: byName },
  responses: { 204: { description: 'Deleted' }, ...errors(400, 401, 403, 404) },
});

const columns = { name: configKeys.name, value: configKeys.value, updatedAt: configKeys.updatedAt };

/** A custom key's value, or null when the administrator has not set it: what modules read. */
export async function configValue(db: Db, name: string): Promise<string | null> {
  const [row] = await db.select({ value: configKeys.value }).from(configKeys).where(eq(configKeys.name, name));
  return row?.value ?? null;
}

export const configKeysRoutes = createRouter()
  .openapi(list, async (c) => {
    const keys: ConfigKey[] = await c.get('db').select(columns).from(configKeys).orderBy(asc(configKeys.name));
    return c.json({ keys }, 200);
  })
  .openapi(put, async (c) => {
    const { name } = c.req.valid('param');
    const { value } = c.req.valid('json');
    // A new key counts against the cap; changing an existing one never does. The check and the write
    // are one statement, so two additions at once cannot both pass the last free place.
    const stored = await c.env.DB.prepare(
      `INSERT INTO config_keys (name, value) SELECT ?1, ?2
       WHERE EXISTS (SELECT 1 FROM config_keys WHERE name = ?1) OR (SELECT count(*) FROM config_keys) < ?3
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = ${NOW_SQL}
       RETURNING name, value, updated_at AS updatedAt`,
    )
      .bind(name, value, CONFIG_KEYS_MAX)
      .first<ConfigKey>();
    if (!stored) throw new ApiError('CONFIG_KEYS_FULL');
    return c.json(stored, 200);
  })
  .openapi(remove, async (c) => {
    const { name } = c.req.valid('param');
    const deleted = await c.get('db').delete(configKeys).where(eq(configKeys.name, name)).returning({ name: configKeys.name });
    if (deleted.length === 0) throw new ApiError('NOT_FOUND');
    return c.body(null, 204);
  });
