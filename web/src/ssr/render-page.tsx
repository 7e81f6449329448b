// The Worker's renderer of public pages: the same React app as the browser's, on a static router. The
// API paths a screen asks for (SWR keys) are collected while rendering, fetched through the API as a
// visitor, and the page rendered again with them until it asks for nothing new (paths known beforehand
// are fetched before the first render). The markup then shows the content, and the data travels with
// it so the browser hydrates without asking again.
import { parse } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { unstable_serialize } from 'swr';
import type { Middleware } from 'swr';
import type { Locale } from '@shared/constants';
import type { PageRenderInput, PageRenderResult } from '@shared/rendered-page';
import { AppProviders } from '../app/app';
import fr from '../i18n/fr.json';
import type { Messages } from '../i18n/load-messages';
import { errorCatalogue } from '../lib/error-catalogue';
import { provideErrorCatalogue } from '../lib/error-messages';
import { setRenderedForPhone } from '../lib/use-media-query';
import { screenHints } from './screen-hints';
import { serverRoutes } from './server-routes';

/** Screens ask in waves (the collection, then its properties, then its items): a few renders at most. */
const MAX_RENDERS = 4;

// English is the code's own default messages, as in the browser (i18n/load-messages.ts).
const catalogues: Record<Locale, Record<string, string>> = { en_US: {}, fr_FR: fr };

/** Messages already parsed for a page's data block, by language and id: each is parsed once per Worker. */
const parsed = new Map<string, MessageFormatElement[]>();

function parsedMessage(locale: Locale, id: string): MessageFormatElement[] {
  const key = `${locale}:${id}`;
  let message = parsed.get(key);
  if (!message) {
    message = parse(catalogues[locale][id] ?? '');
    parsed.set(key, message);
  }
  return message;
}

/** The catalogue, noting each message a render reads: the page's data block carries those. */
function noteRead(catalogue: Record<string, string>, read: Set<string>): Messages {
  return new Proxy(catalogue, {
    get(target, id, receiver) {
      if (typeof id === 'string' && Object.hasOwn(target, id)) read.add(id);
      return Reflect.get(target, id, receiver) as unknown;
    },
  });
}

// Rendering is synchronous here: the error texts the browser loads later are in the Worker's bundle.
provideErrorCatalogue(errorCatalogue);

/** Notes each API path the render asks for. */
function collectAsked(asked: Set<string>): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const serialized = unstable_serialize(key);
    if (typeof serialized === 'string' && serialized.startsWith('/')) asked.add(serialized);
    return useSWRNext(key, fetcher, config);
  };
}

export async function renderPage({ url, locale, phone, load }: PageRenderInput): Promise<PageRenderResult | null> {
  const handler = createStaticHandler(serverRoutes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const data: Record<string, unknown> = {};
  const tried = new Set<string>();
  const fetchAll = async (keys: Iterable<string>) => {
    const fresh = [...keys].filter((key) => !tried.has(key));
    for (const key of fresh) tried.add(key);
    const answers = await Promise.all(fresh.map(async (key) => [key, await load(key)] as const));
    for (const [key, value] of answers) if (value !== undefined) data[key] = value;
  };
  await fetchAll(screenHints(new URL(url).pathname));
  for (let renders = 1; ; renders += 1) {
    const asked = new Set<string>();
    const read = new Set<string>();
    // Set just before each render, which runs without a pause: other requests cannot come in between.
    setRenderedForPhone(phone);
    const html = renderToString(
      <AppProviders
        locale={locale}
        messages={noteRead(catalogues[locale], read)}
        swr={{ fallback: { ...data }, use: [collectAsked(asked)] }}
      >
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    );
    const missing = [...asked].filter((key) => !tried.has(key));
    // Only what this render used travels with it: the browser's first render then matches it.
    if (missing.length === 0 || renders === MAX_RENDERS) {
      const shown = Object.fromEntries([...asked].filter((key) => key in data).map((key) => [key, data[key]]));
      if (read.size === 0) return { html, data: shown };
      return { html, data: shown, messages: Object.fromEntries([...read].sort().map((id) => [id, parsedMessage(locale, id)])) };
    }
    await fetchAll(missing);
  }
}
