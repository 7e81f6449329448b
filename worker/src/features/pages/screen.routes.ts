// GET /api/v1/screen?path=…: everything a public screen asks the API for, in one answer, for a screen
// reached inside the app (docs/product.md §2). The screen is rendered here as on a first load, with the
// caller's own token, and the answers it used come back by their API path: the browser's requests for
// those paths are then answered from it (web/src/lib/screen-prefetch.ts) instead of one by one.
import { Hono } from 'hono';
import { API_PREFIX, isLocale } from '../../../../shared/constants';
import { isRenderedScreen, renderPage } from '@vitrine/web-render';
import type { AppEnv } from '../../env';
import { ApiError } from '../../lib/api-error';
import { inProcessApi } from './in-process-api';
import type { AppFetch } from './in-process-api';
import { pageLocale } from './page-locale';
import { saysPhone } from './pages.routes';

/** Long enough for any address the app makes; a path of this site only (not `//host`). */
const MAX_PATH = 2048;
const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;

/** The signed-in person's media ticket rides along: their covers need it before anything shows. */
const MEDIA_TICKET = '/media-ticket';

export function screenRoutes(appFetch: AppFetch) {
  const screens = new Hono<AppEnv>();
  screens.get(`${API_PREFIX}/screen`, async (c) => {
    const path = c.req.query('path') ?? '';
    if (path.length === 0 || path.length > MAX_PATH || !SITE_PATH.test(path)) {
      throw new ApiError('VALIDATION_FAILED', { fields: [{ path: 'path', reason: path ? 'invalid' : 'required', message: '' }] });
    }
    const url = new URL(path, c.req.url);
    if (!isRenderedScreen(url.pathname)) throw new ApiError('NOT_FOUND');
    const asked = c.req.header('Content-Language');
    const locale = isLocale(asked) ? asked : await pageLocale(c);
    const signedIn = c.req.header('Authorization') !== undefined;
    const load = inProcessApi(c, appFetch, locale, true);
    const [rendered, ticket] = await Promise.all([
      renderPage({ url: url.toString(), locale, phone: saysPhone(c), load }),
      signedIn ? load(MEDIA_TICKET) : undefined,
    ]);
    if (!rendered) throw new ApiError('NOT_FOUND');
    const data = ticket === undefined ? rendered.data : { ...rendered.data, [MEDIA_TICKET]: ticket };
    c.header('Cache-Control', 'no-store');
    return c.json({ data });
  });
  return screens;
}
