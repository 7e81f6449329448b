// The app's start preloads its modules from the template index.html lists them in: all at once on a page
// with nothing on screen, a few a task on a page the Worker rendered.
import { beforeEach, describe, expect, it } from 'vitest';
import { APP_START_TEMPLATE_ID, LINKS_A_TASK, preloadAppStart } from '@web/lib/app-start-modules';

const MODULES = ['/assets/main-a.js', '/assets/router-b.js', '/assets/intl-c.js', '/assets/api-client-d.js', '/assets/paths-e.js'];

const preloaded = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => link.getAttribute('href'));

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="root"></div><template id="${APP_START_TEMPLATE_ID}">${MODULES.map(
    (href) => `<link rel="modulepreload" href="${href}">`,
  ).join('')}</template>`;
});

describe('preloading the app’s start', () => {
  it('adds every link at once where nothing is on screen yet', async () => {
    await preloadAppStart(false);
    expect(preloaded()).toEqual(MODULES);
  });

  it('adds a few links a task on a rendered page, and settles once all are in', async () => {
    let settled = false;
    const done = preloadAppStart(true).then(() => (settled = true));
    // The first links in the calling task, then each next few in a task of their own (a timer set after
    // the function's own fires after it).
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloaded()).toEqual(MODULES.slice(0, LINKS_A_TASK));
    await nextTask();
    expect(preloaded()).toEqual(MODULES.slice(0, 2 * LINKS_A_TASK));
    expect(settled).toBe(false);
    await done;
    expect(preloaded()).toEqual(MODULES);
  });

  it('lets the app start without the template (a page from an older build)', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await expect(preloadAppStart(true)).resolves.toBeUndefined();
    expect(preloaded()).toEqual([]);
  });
});
