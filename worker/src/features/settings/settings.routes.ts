// Instance settings: the public subset every visitor's app needs, and the whole set for the built-in
// administrator (Configuration, docs/product.md §6). Demo mode refuses the change through the demo guard.
import { createRoute } from '@hono/zod-openapi';
import { publicSettings, settings, updateSettingsInput } from '@shared/schemas/settings';
import { createRouter } from '@worker/lib/router';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { requireBuiltinAdmin } from '@worker/middleware/auth';
import { saveSettings } from './settings.service';

const readPublic = createRoute({
  method: 'get',
  path: '/settings',
  tags: ['Settings'],
  summary: 'Settings every visitor needs (for example whether lending is on)',
  responses: { 200: jsonContent(publicSettings, 'Public settings') },
});

const admin = { tags: ['Settings'], security: bearer, middleware: [requireBuiltinAdmin] };

const readAll = createRoute({
  ...admin,
  method: 'get',
  path: '/config/settings',
  summary: 'Every setting (built-in administrator)',
  responses: { 200: jsonContent(settings, 'Settings'), ...errors(401, 403) },
});

const update = createRoute({
  ...admin,
  method: 'patch',
  path: '/config/settings',
  summary: 'Change settings (built-in administrator); settings not given are kept',
  request: jsonBody(updateSettingsInput),
  responses: { 200: jsonContent(settings, 'Settings after the change'), ...errors(400, 401, 403) },
});

export const settingsRoutes = createRouter()
  .openapi(readPublic, async (c) => {
    // Parsed, not spread: a setting added to the full set stays private until it is picked here.
    return c.json(publicSettings.parse(await c.get('settings').read()), 200);
  })
  .openapi(readAll, async (c) => c.json(await c.get('settings').read(), 200))
  .openapi(update, async (c) => c.json(await saveSettings(c.env.DB, c.get('db'), c.req.valid('json')), 200));
