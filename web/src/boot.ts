// The page's first script, about 1 KiB: it fetches the app (web/src/main.tsx) when the page is ready for
// it, after a rendered page's pictures (lib/start-after-paint.ts), its modules side by side
// (lib/app-start-modules.ts).
import { RENDERED_PAGE_ELEMENT_ID } from '@shared/rendered-page';
import { preloadAppStart } from './lib/app-start-modules';
import { startAfterPaint } from './lib/start-after-paint';

// Scripts run: browser tests wait for "ready" (app/app.tsx) before acting on a page.
document.documentElement.dataset.app = 'starting';
const rendered = document.getElementById(RENDERED_PAGE_ELEMENT_ID) !== null;
startAfterPaint(() => void preloadAppStart(rendered).then(() => import('./main')));
