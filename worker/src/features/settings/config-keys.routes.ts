// Custom configuration keys (docs/product.md §2, Configuration): name–value entries the built-in administrator
// adds, edits and deletes, which take effect at once (no redeploy) and which modules read by name with
// configValue() (config-keys.queries.ts). Names are checked (lower-case words joined by dots, dashes or underscores); values are
// text of at most CONFIG_VALUE_MAX_LENGTH characters. Demo mode shows them and refuses changes.
import { createRoute, z } from '@hono/zod-openapi';
import { configKeyInput, configKeyList, configKeyName, configKey } from '@shared/schemas/settings';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { listConfigKeys } from './config-keys.queries';
import { deleteConfigKey, storeConfigKey } from './config-keys.service';
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

export const configKeysRoutes = createRouter()
  .openapi(list, async (c) => {
    return c.json({ keys: await listConfigKeys(c.get('db')) }, 200);
  })
  .openapi(put, async (c) => {
    const { name } = c.req.valid('param');
    const { value } = c.req.valid('json');
    const stored = await storeConfigKey(c.env.DB, name, value);
    if (!stored) throw new ApiError('CONFIG_KEYS_FULL');
    return c.json(stored, 200);
  })
  .openapi(remove, async (c) => {
    const { name } = c.req.valid('param');
    if (!(await deleteConfigKey(c.get('db'), name))) throw new ApiError('NOT_FOUND');
    return c.body(null, 204);
  });
