// GET /media/<key>: files from R2. Avatars live under unguessable keys (a random UUID per upload) and
// are served to whoever holds the address; other prefixes arrive with the catalogue, which checks the
// visibility of what a file belongs to before serving it.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { ApiError } from '../../lib/api-error';

const PUBLIC_PREFIXES = ['avatars/'];
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|video\/(mp4|webm|ogg))$/;

export const mediaRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = decodeURIComponent(c.req.path.slice('/media/'.length));
  if (key.includes('..') || !PUBLIC_PREFIXES.some((p) => key.startsWith(p))) throw new ApiError('NOT_FOUND');
  const object = await c.env.MEDIA.get(key);
  if (!object) throw new ApiError('NOT_FOUND');
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  const type = headers.get('content-type') ?? 'application/octet-stream';
  if (!INLINE_TYPES.test(type)) headers.set('Content-Disposition', 'attachment');
  headers.set('ETag', object.httpEtag);
  // Each upload gets a new key, so an address never changes content.
  headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
  return new Response(object.body, { headers });
});
