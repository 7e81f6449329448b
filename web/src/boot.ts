// The page's first script, about 1 KiB: it fetches the app (web/src/main.tsx) when the page is ready for
// it, after a rendered page's pictures (lib/start-after-paint.ts).
import { startAfterPaint } from './lib/start-after-paint';

// Scripts run: browser tests wait for "ready" (app/app.tsx) before acting on a page.
document.documentElement.dataset.app = 'starting';
startAfterPaint(() => void import('./main'));
