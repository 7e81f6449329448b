// Public pages rendered by the Worker (docs/product.md §2): the home page, a collection, an item and its
// borrow page come as HTML that already shows them, in the visitor's language, with the data they were
// rendered from for the browser to hydrate. What they show is what the API answers an anonymous visitor,
// asked in-process, so the visibility rules are the API's own. Any failure serves the plain app page.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { RENDERED_PAGE_ELEMENT_ID, serializePageData } from '@shared/rendered-page';
import type { PageRenderResult } from '@shared/rendered-page';
import type { AppEnv } from '@worker/env';
import { inProcessApi } from './in-process-api';
import type { AppFetch } from './in-process-api';
import { collectionPreview, itemPreview, withPreview } from './link-previews';
import type { LinkPreview, RenderedAnswers } from './link-previews';
import { loadWebRender } from './load-web-render';
import { pageLocale } from './page-locale';

/** Whether the browser says it is a phone (its client hint, else its user agent), to lay the page out for one. */
export function saysPhone(c: Context<AppEnv>): boolean {
  const hint = c.req.header('Sec-CH-UA-Mobile');
  if (hint) return hint === '?1';
  return /Mobi|Android|iPhone|iPad/i.test(c.req.header('User-Agent') ?? '');
}

/** The page's link preview, from the answers it was rendered from (none when it was not rendered). */
type PreviewOf = (answers: RenderedAnswers) => Promise<LinkPreview | null>;

async function renderedPage(c: Context<AppEnv>, appFetch: AppFetch, previewOf: PreviewOf | null): Promise<Response> {
  const shell = await c.env.ASSETS.fetch(new Request(new URL('/index.html', c.req.url)));
  const locale = await pageLocale(c);
  const phone = saysPhone(c);
  const load = inProcessApi(c, appFetch, locale, false);
  let rendered: PageRenderResult | null = null;
  try {
    const { renderPage } = await loadWebRender();
    rendered = await renderPage({ url: c.req.url, locale, phone, load });
  } catch (error) {
    console.error(
      JSON.stringify({
        message: 'page render failed',
        path: c.req.path,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
    );
  }
  let rewriter = new HTMLRewriter();
  const shown = rendered && previewOf ? await previewOf(rendered.data) : null;
  if (shown) rewriter = withPreview(rewriter, shown);
  if (rendered) {
    const { html, data, messages } = rendered;
    rewriter = rewriter
      .on('html', { element: (element) => void element.setAttribute('lang', locale.replace('_', '-')) })
      // The page is readable without its scripts: they load after its stylesheet and covers.
      .on('script[type="module"], link[rel="modulepreload"]', { element: (element) => void element.setAttribute('fetchpriority', 'low') })
      .on('div#root', {
        element(root) {
          root.setInnerContent(html, { html: true });
          root.after(
            `<script type="application/json" id="${RENDERED_PAGE_ELEMENT_ID}">${serializePageData(messages ? { locale, phone, data, messages } : { locale, phone, data })}</script>`,
            { html: true },
          );
        },
      });
  }
  const page = rewriter.transform(shell);
  const headers = new Headers(page.headers);
  // Made for this language and as a visitor sees it now: not to be kept by shared caches.
  headers.set('Cache-Control', 'no-cache');
  headers.set('Vary', 'Accept-Language, Cookie, User-Agent, Sec-CH-UA-Mobile');
  return new Response(page.body, { status: page.status, headers });
}

export function pageRoutes(appFetch: AppFetch) {
  const pages = new Hono<AppEnv>();
  pages.get('/', (c) => renderedPage(c, appFetch, null));
  pages.get('/collection/:cid{[0-9]+}', (c) =>
    renderedPage(c, appFetch, (answers) => collectionPreview(c, answers, Number(c.req.param('cid')))),
  );
  pages.get('/collection/:cid{[0-9]+}/item/:iid{[0-9]+}', (c) =>
    renderedPage(c, appFetch, (answers) => itemPreview(c, answers, Number(c.req.param('cid')), Number(c.req.param('iid')))),
  );
  pages.get('/collection/:cid{[0-9]+}/item/:iid{[0-9]+}/borrow', (c) => renderedPage(c, appFetch, null));
  return pages;
}
