// The browser's side of a page the Worker rendered: read the data it was rendered from, load the
// screen's code before hydrating (so the first render matches the markup), and show that data without
// asking the API again for the first screen. Later screens ask as usual.
import { matchRoutes } from 'react-router-dom';
import type { HydrationState, RouteObject, createBrowserRouter } from 'react-router-dom';
import { unstable_serialize } from 'swr';
import type { Middleware, SWRConfiguration } from 'swr';
import { RENDERED_PAGE_ELEMENT_ID, type RenderedPageData } from '@shared/rendered-page';
import { isLocale } from '@shared/constants';

export function readRenderedPage(): RenderedPageData | null {
  const text = document.getElementById(RENDERED_PAGE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const page = JSON.parse(text) as Partial<RenderedPageData>;
    if (!isLocale(page.locale) || !page.data || typeof page.data !== 'object') return null;
    const read: RenderedPageData = { locale: page.locale, phone: page.phone === true, data: page.data };
    if (page.messages && typeof page.messages === 'object') read.messages = page.messages;
    return read;
  } catch {
    return null;
  }
}

/** Loads the code of the screens matching the address, as the router would, but before the first render. */
export async function loadMatchedScreens(routes: RouteObject[], location: Location): Promise<void> {
  const lazy = (matchRoutes(routes, location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

/** The screens shown at `location`: their routes are named after them (app/router.tsx). */
export function screensAt(routes: RouteObject[], location: Location): string[] {
  return (matchRoutes(routes, location) ?? []).flatMap((match) => (match.route.loader && match.route.id ? [match.route.id] : []));
}

/**
 * A hydrated page's screens already have the messages their markup shows: the router is told their
 * loaders have run, so its first render is the markup's, not a wait for them.
 */
export function hydratedScreens(screens: string[]): HydrationState {
  return { loaderData: Object.fromEntries(screens.map((screen) => [screen, null])) };
}

/** Keys the page was rendered from are not asked again while the first screen is on. */
function keepRendered(data: Record<string, unknown>, firstScreen: () => boolean): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const rendered = firstScreen() && unstable_serialize(key) in data;
    return useSWRNext(key, fetcher, rendered ? { ...config, revalidateOnMount: false } : config);
  };
}

/**
 * SWR's start: the rendered data as fallback. A visitor's first screen keeps it (it is what the API
 * would answer them); a signed-in person sees it first, then their own answers replace it.
 */
export function renderedDataConfig(
  page: RenderedPageData | null,
  router: ReturnType<typeof createBrowserRouter>,
  visitor: boolean,
): SWRConfiguration {
  if (!page) return {};
  if (!visitor) return { fallback: page.data };
  const start = router.state.location;
  let firstScreen = true;
  const stop = router.subscribe((state) => {
    if (state.location.key === start.key) return;
    firstScreen = false;
    stop();
  });
  return { fallback: page.data, use: [keepRendered(page.data, () => firstScreen)] };
}
