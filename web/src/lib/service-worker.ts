// Registers the service worker (built by vite-plugin-pwa, see vite.config.ts) and reports when a new
// version waits. The new version only takes over when the person asks for it (applyUpdate), so a
// deploy never reloads a page under someone typing into a form.
import { Workbox } from 'workbox-window';

type Listener = (waiting: boolean) => void;

let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<Listener>();

function setWaiting(value: boolean) {
  waiting = value;
  for (const listener of listeners) listener(value);
}

/** Starts once per page; does nothing where service workers are unavailable (or in development). */
export function registerServiceWorker(): void {
  if (workbox || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => setWaiting(true));
  // Once the waiting version controls the page, load the new shell with it.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  workbox.register().catch(() => {
    // No service worker (private mode, an old browser): the app works online as before.
  });
}

export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  listener(waiting);
  return () => {
    listeners.delete(listener);
  };
}

/** Asks the waiting version to take over; the page reloads when it does. */
export function applyUpdate(): void {
  workbox?.messageSkipWaiting();
}
