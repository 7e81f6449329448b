import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

/**
 * The token lives in browser storage (docs/product.md §3), so script injection would mean account takeover:
 * a strict policy on every Worker response. Static assets get the same headers from web/public/_headers.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // No 'wasm-unsafe-eval': only the barcode reader's Worker compiles WebAssembly, under its own script's
  // policy (web/public/_headers).
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://geo.dailymotion.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // Responses from the assets binding have immutable headers: copy before adding ours.
  c.res = new Response(c.res.body, c.res);
  const headers = c.res.headers;
  if (!headers.has('content-security-policy')) headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('X-Request-Id', c.get('requestId'));
});
