// Entry: settle the language, then take over the page. A page the Worker rendered (public pages) is
// hydrated when it was rendered for this visitor, with the messages it came with (the rest of its
// screen's follow); anything else renders anew once the shell's messages are there, each screen once
// its own are (i18n/load-messages.ts).
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { hydratedScreens, loadMatchedScreens, readRenderedPage, renderedDataConfig, screensAt } from './app/rendered-page';
import { routes } from './app/router';
import { loadScreenMessages, loadShellMessages, startMessages } from './i18n/load-messages';
import { resolveStartupLocale, toIntlLocale } from './i18n/locale';
import { prepareErrorsWith } from './lib/api-client';
import { loadErrorCatalogue } from './lib/error-messages';
import { prefetchScreensOf } from './lib/screen-prefetch';
import { getSession } from './lib/session';
import { hydrateInTurns } from './lib/hydration-turns';
import { setRenderedForPhone } from './lib/use-media-query';
import './styles.css';
import { nextTask } from './lib/next-task';

/**
 * The browser's first use of each Intl service builds its table of known languages, tens of milliseconds
 * on a slow phone; every message formatter asks for them (react-intl and intl-messageformat check the
 * locale). Each in a task of its own, that time is neither one long task nor added to hydration's.
 */
async function prepareIntl(locale: string) {
  const services: ((locale: string) => unknown)[] = [
    (l) => Intl.NumberFormat.supportedLocalesOf(l),
    (l) => Intl.DateTimeFormat.supportedLocalesOf(l),
    (l) => Intl.PluralRules.supportedLocalesOf(l),
  ];
  for (const prepare of services) {
    await nextTask();
    prepare(locale);
  }
  await nextTask();
}

const container = document.getElementById('root');
const rendered = readRenderedPage();

void resolveStartupLocale(rendered?.locale).then(async (locale) => {
  if (!locale || !container) return;
  // Setting the same language again restyles the whole page in Chromium (all of a rendered collection's
  // cards): only a change is written.
  const lang = toIntlLocale(locale);
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
  // The rendered markup was made for a visitor in its language: anyone else gets their own render.
  const visitor = getSession() === null;
  const hydrate = rendered !== null && rendered.locale === locale && visitor;
  startMessages(locale, hydrate ? rendered.messages : undefined);
  // The app's modules have just run in this task: asking for the screen's modules (a link element a
  // module, about 35 for a collection) waits for the next one.
  if (hydrate) await nextTask();
  await Promise.all([hydrate ? null : loadShellMessages(), rendered ? loadMatchedScreens(routes, window.location) : null]);
  const shown = screensAt(routes, window.location);
  // A rendered page is already readable: let the browser breathe between running the screen's code,
  // preparing the language and taking the page over, rather than doing all three in one long task.
  if (hydrate) await prepareIntl(toIntlLocale(locale));
  const router = createBrowserRouter(routes, hydrate ? { hydrationData: hydratedScreens(shown) } : {});
  prefetchScreensOf(router, !hydrate);
  if (hydrate) await nextTask();
  const app = (
    <StrictMode>
      <App locale={locale} router={router} swr={renderedDataConfig(rendered, router, visitor)} />
    </StrictMode>
  );
  if (hydrate) {
    setRenderedForPhone(rendered.phone);
    // The page's heavy parts (a collection's cards) are taken over in later tasks, so taps and scrolls
    // stay answered while it runs (lib/hydration-turns.ts).
    hydrateInTurns(() => startTransition(() => void hydrateRoot(container, app)));
  } else createRoot(container).render(app);
  // Error texts are not part of a page's first download: an API error waits for them (in French, their
  // translations are the shell's messages). The app's screens load them early for the errors shown later;
  // a visitor's rendered page only if an error comes, as most visits see none (a network error has its
  // own texts, lib/error-messages.ts).
  prepareErrorsWith(() => Promise.all([loadErrorCatalogue(), loadShellMessages().catch(() => undefined)]));
  setTimeout(() => {
    if (!hydrate) void loadErrorCatalogue();
    // A hydrated page has the messages its markup shows; what its screen shows later (a menu, a sheet,
    // a form's errors) comes now. A failure here is tried again by the next screen.
    if (hydrate) for (const screen of shown) void loadScreenMessages(screen).catch(() => undefined);
  }, 0);
});
