// The web app's server renderer (web/src/ssr/index.ts) is bundled into the Worker under the name
// '@vitrine/web-render' (wrangler.toml [alias], vitest.config.ts). Its code is typed with the browser's
// types, so the Worker's typecheck sees this declaration instead (tsconfig.worker.json "paths"). The Worker
// imports it only when a page is rendered, through loadWebRender() (load-web-render.ts).
import type { PageRenderInput, PageRenderResult } from '@shared/rendered-page';

export declare function renderPage(input: PageRenderInput): Promise<PageRenderResult | null>;

export declare function isRenderedScreen(pathname: string): boolean;

/** The API paths a public screen is known to ask for first (checked against its renders by the tests). */
export declare function screenHints(pathname: string): string[];
