// The app's start fetches its modules side by side: index.html lists them in an inert template (made by
// app-start-modules.ts at the repository's root), and they become modulepreload links before the app
// (web/src/main.tsx) is imported.
import { nextTask } from './next-task';

export const APP_START_TEMPLATE_ID = 'app-start-modules';

/** On a rendered page, links added a task: each takes about half a millisecond to add. */
export const LINKS_A_TASK = 2;

/**
 * Adds the links: all at once where nothing is on screen yet, or a few a task on a page the Worker rendered,
 * which is readable already. There, adding all fourteen in one task took 15 to 30 ms (four times that on a
 * slow phone), the longest of the app's start (docs/benchmarks.md, "the app's modules preloaded a few a task").
 */
export async function preloadAppStart(fewATask: boolean): Promise<void> {
  const template = document.getElementById(APP_START_TEMPLATE_ID);
  const links = template instanceof HTMLTemplateElement ? Array.from(template.content.children) : [];
  if (!fewATask) {
    document.head.append(...links);
    return;
  }
  for (let first = 0; first < links.length; first += LINKS_A_TASK) {
    document.head.append(...links.slice(first, first + LINKS_A_TASK));
    await nextTask();
  }
}
