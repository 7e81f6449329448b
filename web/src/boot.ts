// The page's first script, about 1 KiB: it fetches the app (web/src/main.tsx) when the page is ready for
// it, after a rendered page's pictures (lib/start-after-paint.ts).
import { startAfterPaint } from './lib/start-after-paint';

startAfterPaint(() => void import('./main'));
