// The app waits for a rendered page's main pictures and its first paint before fetching the app,
// and starts the app at once anywhere else.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDERED_PAGE_ELEMENT_ID } from '@shared/rendered-page';
import { PICTURE_WAIT_MS, startAfterPaint } from '@web/lib/start-after-paint';

const started = vi.fn();

/** An image as the browser holds it while its picture is still on the way. */
function loadingPicture(priority: string | null): HTMLImageElement {
  const img = document.createElement('img');
  if (priority) img.setAttribute('fetchpriority', priority);
  Object.defineProperty(img, 'complete', { value: false });
  document.body.append(img);
  return img;
}

const boot = () => startAfterPaint(started);

/** Lets the dynamic import and the promises it waits on settle. */
async function settle() {
  for (let i = 0; i < 5; i += 1) await vi.advanceTimersByTimeAsync(20);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  started.mockClear();
  document.body.innerHTML = '';
});
afterEach(() => vi.useRealTimers());

describe('the first script', () => {
  it('starts the app at once on a page the Worker did not render', async () => {
    boot();
    await settle();
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('waits for the main picture of a rendered page, then for a frame', async () => {
    document.body.innerHTML = `<script type="application/json" id="${RENDERED_PAGE_ELEMENT_ID}">{}</script>`;
    const cover = loadingPicture('high');
    loadingPicture(null); // a lazy cover further down is not waited for
    boot();
    await settle();
    expect(started).not.toHaveBeenCalled();
    cover.dispatchEvent(new Event('load'));
    await settle();
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('opens the storage in a task of its own before the app starts', async () => {
    document.body.innerHTML = `<script type="application/json" id="${RENDERED_PAGE_ELEMENT_ID}">{}</script>`;
    let startedWhenTheReadsTaskEnded: number | null = null;
    const reads = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      queueMicrotask(() => (startedWhenTheReadsTaskEnded ??= started.mock.calls.length));
      return null;
    });
    boot();
    await settle();
    expect(reads).toHaveBeenCalledTimes(1);
    expect(startedWhenTheReadsTaskEnded).toBe(0);
    expect(started).toHaveBeenCalledTimes(1);
    reads.mockRestore();
  });

  it('starts the app when the main picture fails', async () => {
    document.body.innerHTML = `<script type="application/json" id="${RENDERED_PAGE_ELEMENT_ID}">{}</script>`;
    const cover = loadingPicture('high');
    boot();
    cover.dispatchEvent(new Event('error'));
    await settle();
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('does not let a picture that never comes hold the app back', async () => {
    document.body.innerHTML = `<script type="application/json" id="${RENDERED_PAGE_ELEMENT_ID}">{}</script>`;
    loadingPicture('high');
    boot();
    await settle();
    expect(started).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PICTURE_WAIT_MS);
    await settle();
    expect(started).toHaveBeenCalledTimes(1);
  });
});
