// A public screen reached inside the app asks the API once: GET /screen?path=… answers every path the
// screen asks for (worker/src/features/pages/screen.routes.ts). The screen's own requests for those paths
// are then answered from it, each once; any other path, or any later request, goes to the API as usual.
import type { createBrowserRouter } from 'react-router-dom';
import { answerGetsFrom, apiRequest } from './api-client';
import { isRenderedScreen } from './rendered-screens';

/** After this, a screen's answers are no longer fresh enough to stand in for the API's. */
const FRESH_MS = 10_000;

interface ScreenAnswers {
  startedAt: number;
  answers: Promise<Map<string, unknown>>;
}

let current: ScreenAnswers | null = null;

async function answerFromScreen(path: string): Promise<{ value: unknown } | undefined> {
  const screen = current;
  if (!screen || Date.now() - screen.startedAt > FRESH_MS) return undefined;
  const answers = await screen.answers;
  if (!answers.has(path)) return undefined;
  const value = answers.get(path);
  answers.delete(path);
  return { value };
}

/** Asks for everything the screen at `location` needs (nothing for a screen the Worker does not render). */
export function prefetchScreen(location: { pathname: string; search: string }): void {
  if (!isRenderedScreen(location.pathname)) {
    current = null;
    return;
  }
  // Set before the request starts, so this request itself is not held for its own answer.
  current = null;
  const answers = apiRequest<{ data?: Record<string, unknown> }>(`/screen?path=${encodeURIComponent(location.pathname + location.search)}`)
    .then((body) => new Map(Object.entries(body.data ?? {})))
    // Without it, each request goes to the API on its own, as before: nothing is lost but time.
    .catch(() => new Map<string, unknown>());
  current = { startedAt: Date.now(), answers };
  answerGetsFrom(answerFromScreen);
}

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Each navigation inside the app asks for its screen as soon as it starts, beside the screen's code.
 * `now`: the first screen too (not for a page hydrated from the data it came with).
 */
export function prefetchScreensOf(router: Router, now: boolean): void {
  let shown = router.state.location.pathname;
  if (now) prefetchScreen(router.state.location);
  router.subscribe((state) => {
    const target = state.navigation.location ?? state.location;
    if (target.pathname === shown) return;
    // Only a move to another screen: a new search or filter on the same one asks just what it changes
    // (its list and filter values), not the whole screen again.
    shown = target.pathname;
    prefetchScreen(target);
  });
}
