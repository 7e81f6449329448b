// When the app may start on a page. A page the Worker rendered is readable before any script runs: its
// stylesheet and main pictures get a phone's slow network to themselves, and the app (about 100 KiB) is
// fetched once they have been painted. Any other page needs the app at once.
import { RENDERED_PAGE_ELEMENT_ID } from '@shared/rendered-page';
import { openStorage } from './storage';

/** How long the app waits for the main pictures at most: a slow picture must not hold the page's buttons back. */
export const PICTURE_WAIT_MS = 1500;

/** Resolves once the page's main pictures (fetchpriority="high") have loaded or failed. */
function mainPictures(): Promise<unknown> {
  const waiting = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter((img) => !img.complete);
  return Promise.all(
    waiting.map(
      (img) =>
        new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
}

/** Calls `start` at once, or on a rendered page once its main pictures are on screen. */
export function startAfterPaint(start: () => void): void {
  if (!document.getElementById(RENDERED_PAGE_ELEMENT_ID)) {
    start();
    return;
  }
  void Promise.race([mainPictures(), new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS))]).then(() =>
    // A frame's callbacks run before it is painted: the timeout after it runs once the page is on screen.
    // The app reads its language and session first thing: the storage is opened in the task before.
    requestAnimationFrame(() =>
      setTimeout(() => {
        openStorage();
        setTimeout(start, 0);
      }, 0),
    ),
  );
}
