// The Worker's renderer of public pages: the same React app as the browser's, on a static router. SWR
// keys the screen asks for are collected while rendering, fetched through the API as a visitor, and the
// page rendered again with them, until it asks for nothing new: the markup then shows the content, and
// the data travels with it so the browser hydrates without asking again.
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { unstable_serialize } from 'swr';
import type { Middleware } from 'swr';
import type { Locale } from '../../../shared/constants';
import type { PageRenderInput, PageRenderResult } from '../../../shared/rendered-page';
import { AppProviders } from '../app/app';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import type { Messages } from '../i18n/load-messages';
import { serverRoutes } from './server-routes';

/** Screens ask in waves (the collection, then its properties, then its items): a few renders at most. */
const MAX_RENDERS = 4;

const catalogues: Record<Locale, Messages> = { en_US: en, fr_FR: fr };

/** Notes each key the render asked for and has no data for yet. */
function collectMissing(known: Record<string, unknown>, failed: Set<string>, missing: Set<string>): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const serialized = unstable_serialize(key);
    if (typeof serialized === 'string' && serialized.startsWith('/') && !(serialized in known) && !failed.has(serialized)) missing.add(serialized);
    return useSWRNext(key, fetcher, config);
  };
}

export async function renderPage({ url, locale, load }: PageRenderInput): Promise<PageRenderResult | null> {
  const handler = createStaticHandler(serverRoutes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const data: Record<string, unknown> = {};
  const failed = new Set<string>();
  for (let renders = 1; ; renders += 1) {
    const missing = new Set<string>();
    const html = renderToString(
      <AppProviders locale={locale} messages={catalogues[locale]} swr={{ fallback: { ...data }, use: [collectMissing(data, failed, missing)] }}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    );
    if (missing.size === 0 || renders === MAX_RENDERS) return { html, data };
    const answers = await Promise.all([...missing].map(async (key) => [key, await load(key)] as const));
    for (const [key, value] of answers) {
      if (value === undefined) failed.add(key);
      else data[key] = value;
    }
  }
}
