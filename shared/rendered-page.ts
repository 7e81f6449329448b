// A public page rendered by the Worker travels with the data it was rendered from, in a JSON block
// the browser reads before hydrating (docs/product.md §2). The block is never run as a script, so the
// strict CSP stands; its text is escaped so that no user text can close it or open a comment.
import type { Locale } from './constants';

export const RENDERED_PAGE_ELEMENT_ID = 'vitrine-page';

/**
 * What the page was rendered with: its language, whether laid out for a phone, the API answers it showed,
 * by API path, and in a language other than English the messages it showed, by id, already parsed
 * (ICU message syntax trees): the browser hydrates with them before its screen's catalogue has come.
 */
export interface RenderedPageData {
  locale: Locale;
  phone: boolean;
  data: Record<string, unknown>;
  messages?: Record<string, unknown[]>;
}

/** JSON safe inside <script type="application/json">: no "<" (so no "</script>" or "<!--"), no line separators. */
export function serializePageData(page: RenderedPageData): string {
  return JSON.stringify(page)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What the Worker asks of the web app's server renderer. */
export interface PageRenderInput {
  /** The full address asked for, with its query. */
  url: string;
  locale: Locale;
  /** Whether the browser says it is a phone: the page is then laid out for a narrow screen. */
  phone: boolean;
  /** An API path's answer as a visitor would get it, or undefined when it is not a success. */
  load: (path: string) => Promise<unknown>;
}

export interface PageRenderResult {
  /** The markup inside #root. */
  html: string;
  data: Record<string, unknown>;
  /** The translated messages the markup shows, parsed; none in English (the code's own texts). */
  messages?: Record<string, unknown[]>;
}
