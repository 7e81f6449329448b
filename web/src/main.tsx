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
import { setRenderedForPhone } from './lib/use-media-query';
import './styles.css';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The browser's first use of Intl builds its tables of known languages, tens of milliseconds on a slow
 * phone; every message formatter asks for them (react-intl and intl-messageformat check the locale).
 * Done in a task of its own, that time is not added to hydration's.
 */
function prepareIntl(locale: string) {
  Intl.NumberFormat.supportedLocalesOf(locale);
  Intl.DateTimeFormat.supportedLocalesOf(locale);
  Intl.PluralRules.supportedLocalesOf(locale);
}

const container = document.getElementById('root');
const rendered = readRenderedPage();

void resolveStartupLocale(rendered?.locale).then(async (locale) => {
  if (!locale || !container) return;
  document.documentElement.lang = toIntlLocale(locale);
  // The rendered markup was made for a visitor in its language: anyone else gets their own render.
  const visitor = getSession() === null;
  const hydrate = rendered !== null && rendered.locale === locale && visitor;
  startMessages(locale, hydrate ? rendered.messages : undefined);
  await Promise.all([hydrate ? null : loadShellMessages(), rendered ? loadMatchedScreens(routes, window.location) : null]);
  const shown = screensAt(routes, window.location);
  // A rendered page is already readable: let the browser breathe between running the screen's code,
  // preparing the language and taking the page over, rather than doing all three in one long task.
  if (hydrate) {
    await nextTask();
    prepareIntl(toIntlLocale(locale));
    await nextTask();
  }
  const router = createBrowserRouter(routes, hydrate ? { hydrationData: hydratedScreens(shown) } : {});
  prefetchScreensOf(router, !hydrate);
  const app = (
    <StrictMode>
      <App locale={locale} router={router} swr={renderedDataConfig(rendered, router, visitor)} />
    </StrictMode>
  );
  if (hydrate) {
    setRenderedForPhone(rendered.phone);
    // At a transition's priority, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page: taps and scrolls stay answered while it runs.
    startTransition(() => void hydrateRoot(container, app));
  } else createRoot(container).render(app);
  // Error texts are not part of a page's first download: an API error waits for them, and any other
  // error shown later finds them here.
  // In French, their translations are the shell's messages.
  prepareErrorsWith(() => Promise.all([loadErrorCatalogue(), loadShellMessages().catch(() => undefined)]));
  setTimeout(() => {
    void loadErrorCatalogue();
    // A hydrated page has the messages its markup shows; what its screen shows later (a menu, a sheet,
    // a form's errors) comes now. A failure here is tried again by the next screen.
    if (hydrate) for (const screen of shown) void loadScreenMessages(screen).catch(() => undefined);
  }, 0);
});
