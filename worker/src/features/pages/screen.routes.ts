// GET /api/v1/screen?path=…: everything a public screen asks the API for, in one answer, for a screen
// reached inside the app (docs/product.md §2). The screen is rendered here as on a first load, with the
// caller's own token, and the answers it used come back by their API path: the browser's requests for
// those paths are then answered from it (web/src/lib/screen-prefetch.ts) instead of one by one.
import { createRoute } from '@hono/zod-openapi';
import { isLocale } from '@shared/constants';
import { screenAnswers, screenQuery } from '@shared/schemas/screens';
import { ApiError } from '@worker/lib/api-error';
import { errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { inProcessApi } from './in-process-api';
import type { AppFetch } from './in-process-api';
import { loadWebRender } from './load-web-render';
import { pageLocale } from './page-locale';
import { saysPhone } from './pages.routes';

/** The signed-in person's media ticket rides along: their covers need it before anything shows. */
const MEDIA_TICKET = '/media-ticket';

const screen = createRoute({
  method: 'get',
  path: '/screen',
  tags: ['Meta'],
  summary: "A public screen's API answers in one request (home, collection, item, borrow)",
  description:
    'Renders the screen at `path` as the Worker renders it for a first load, asking the API with the caller’s own token, and answers every API path it used. A signed-in caller also gets their media ticket.',
  request: { query: screenQuery },
  responses: { 200: jsonContent(screenAnswers, 'Answers by API path'), ...errors(400, 404) },
});

export function screenRoutes(appFetch: AppFetch) {
  return createRouter().openapi(screen, async (c) => {
    const url = new URL(c.req.valid('query').path, c.req.url);
    const { isRenderedScreen, renderPage } = await loadWebRender();
    if (!isRenderedScreen(url.pathname)) throw new ApiError('NOT_FOUND');
    const asked = c.req.header('Content-Language');
    const locale = isLocale(asked) ? asked : await pageLocale(c);
    const load = inProcessApi(c, appFetch, locale, true);
    const [rendered, ticket] = await Promise.all([
      renderPage({ url: url.toString(), locale, phone: saysPhone(c), load }),
      c.req.header('Authorization') ? load(MEDIA_TICKET) : undefined,
    ]);
    if (!rendered) throw new ApiError('NOT_FOUND');
    const data = ticket === undefined ? rendered.data : { ...rendered.data, [MEDIA_TICKET]: ticket };
    c.header('Cache-Control', 'no-store');
    return c.json({ data }, 200);
  });
}
