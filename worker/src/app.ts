// createApp(): the middleware order, error handling and the features mounted under /api/v1.
// Tests build their app with it too.
import { Hono } from 'hono';
import { API_PREFIX, API_VERSION, PRODUCT_NAME } from '@shared/constants';
import type { AppEnv } from './env';
import { authRoutes } from './features/auth/auth.routes';
import { collectionsRoutes } from './features/collections/collections.routes';
import { invitationsRoutes } from './features/collections/invitations.routes';
import { membersRoutes } from './features/collections/members.routes';
import { exportsRoutes } from './features/exports/exports.routes';
import { scheduledImportsRoutes } from './features/imports/scheduled-imports.routes';
import { importsRoutes } from './features/imports/imports.routes';
import { itemsRoutes } from './features/items/items.routes';
import { borrowRequestRoutes } from './features/lending/borrow-requests.routes';
import { borrowerPageRoutes } from './features/lending/borrower-page.routes';
import { borrowerHoldRoutes } from './features/lending/borrower-holds.routes';
import { holdRoutes } from './features/lending/holds.routes';
import { lendingRoutes } from './features/lending/lending.routes';
import { reservationRoutes } from './features/lending/reservations.routes';
import { mediaApiRoutes, mediaRoutes } from './features/media/media.routes';
import { thumbnailRoutes } from './features/media/thumbnails.routes';
import { metaRoutes } from './features/meta/meta.routes';
import { pageRoutes } from './features/pages/pages.routes';
import type { AppFetch } from './features/pages/in-process-api';
import { screenRoutes } from './features/pages/screen.routes';
import { passwordResetRoutes } from './features/password-reset/password-reset.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { propertiesRoutes } from './features/properties/properties.routes';
import { configKeysRoutes } from './features/settings/config-keys.routes';
import { emailSettingsRoutes } from './features/settings/email-settings.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { sourceModulesRoutes } from './features/sources/source-modules.routes';
import { sourceQueuesRoutes } from './features/sources/source-queues.routes';
import { sourcesRoutes } from './features/sources/sources.routes';
import { usersRoutes } from './features/users/users.routes';
import { allowedMethods } from './lib/allowed-methods';
import { ApiError } from './lib/api-error';
import { ensureDemoSeed } from './features/collections/demo-seed.service';
import { backupsRoutes } from './features/backups/backups.routes';
import { accountArchivesRoutes } from './features/account-archives/account-archives.routes';
import { ensureBuiltinAccounts } from './lib/bootstrap';
import { handleError } from './lib/error-handler';
import { createRouter } from './lib/router';
import { demoGuard } from './middleware/demo-guard';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';

/** `appFetch`: the whole app's, for the screens rendered in-process (features/pages). */
export function createApi(appFetch: AppFetch) {
  const api = createRouter();
  api.use('*', demoGuard, async (c, next) => {
    await ensureBuiltinAccounts(c.env, c.get('db'));
    await ensureDemoSeed(c.env, c.get('db'));
    await next();
  });
  api
    .route('/', metaRoutes)
    .route('/', authRoutes)
    .route('/', passwordResetRoutes)
    .route('/', profileRoutes)
    .route('/', usersRoutes)
    .route('/', settingsRoutes)
    .route('/', configKeysRoutes)
    .route('/', emailSettingsRoutes)
    .route('/', backupsRoutes)
    .route('/', collectionsRoutes)
    .route('/', membersRoutes)
    .route('/', invitationsRoutes)
    .route('/', propertiesRoutes)
    .route('/', itemsRoutes)
    .route('/', importsRoutes)
    .route('/', scheduledImportsRoutes)
    .route('/', exportsRoutes)
    .route('/', accountArchivesRoutes)
    .route('/', lendingRoutes)
    .route('/', borrowRequestRoutes)
    .route('/', reservationRoutes)
    .route('/', borrowerPageRoutes)
    .route('/', holdRoutes)
    .route('/', borrowerHoldRoutes)
    .route('/', mediaApiRoutes)
    .route('/', thumbnailRoutes)
    .route('/', sourcesRoutes)
    .route('/', sourceQueuesRoutes)
    .route('/', sourceModulesRoutes)
    .route('/', screenRoutes(appFetch));

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: API_VERSION,
      description:
        'Every request may send Content-Language (en_US or fr_FR) for localized messages. Errors are {error: {code, message, details}}.',
    },
    servers: [{ url: API_PREFIX }],
  });
  return api;
}

const READ_ONLY = ['GET', 'HEAD'];

export function createApp() {
  // Not strict: `/api/v1/` and `/api/v1` are the same resource.
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', requestContext, securityHeaders);
  app.onError(handleError);
  const appFetch: AppFetch = (request, env, ctx) => app.fetch(request, env, ctx);
  const api = createApi(appFetch);
  const apiMethods = allowedMethods(api.routes, API_PREFIX);
  app.route(API_PREFIX, api);
  app.route('/media', mediaRoutes);
  app.route('/', pageRoutes(appFetch));
  app.all('/api/*', (c) => {
    const allow = apiMethods(c.req.path);
    throw allow.length > 0 ? new ApiError('METHOD_NOT_ALLOWED', { allow }) : new ApiError('NOT_FOUND');
  });
  // Everything else is the SPA (static assets answer unknown paths with index.html), which is only read.
  app.on(['GET', 'HEAD'], '*', (c) => c.env.ASSETS.fetch(c.req.raw));
  app.all('*', () => {
    throw new ApiError('METHOD_NOT_ALLOWED', { allow: READ_ONLY });
  });
  return app;
}
