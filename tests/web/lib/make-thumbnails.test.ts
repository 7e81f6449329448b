// The owner's browser makes the thumbnails of imported pictures: each wanted picture is loaded, shrunk
// and sent; one it cannot read, or that the server refuses, is given up; a picture gone meanwhile is
// simply passed; anything else (offline, a server error) ends the work until the next visit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWantedThumbnails } from '@web/lib/make-thumbnails';
import { apiError, json, mockFetch, type RecordedCall } from '../helpers';

const A = 'media://collections/3/aaa.jpg';
const B = 'media://collections/3/bbb.jpg';
const C = 'media://collections/3/ccc.jpg';

/** createImageBitmap and a canvas that shrink every picture but the `unreadable`-th one read (from 1). */
function stubCanvas(unreadable = 0) {
  let read = 0;
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => {
      read += 1;
      if (read === unreadable) throw new Error('cannot decode');
      return { width: 1000, height: 800, close: () => undefined };
    }),
  );
  const realCreate = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string) =>
    tag === 'canvas'
      ? ({
          width: 0,
          height: 0,
          getContext: () => ({ drawImage: () => undefined }),
          toBlob: (done: (b: Blob) => void, type: string) => done(new Blob(['small'], { type })),
        } as unknown as HTMLElement)
      : realCreate(tag),
  );
}

const picture = (text: string) => new Response(text, { headers: { 'content-type': 'image/jpeg' } });
const sentValue = (call: RecordedCall) => (call.body as FormData).get('value');

describe('thumbnails of imported pictures, made by the browser', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('are made one by one, round after round, and the pictures the browser cannot read are given up', async () => {
    stubCanvas(2);
    let round = 0;
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/thumbnails/wanted')) {
        round += 1;
        return json(round === 1 ? { values: [A, B], more: true } : { values: [C], more: false });
      }
      if (call.url.startsWith('/media/')) return picture('original');
      return new Response(null, { status: 204 });
    });
    expect(await makeWantedThumbnails(3, new AbortController().signal)).toBe(3);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map(sentValue)).toEqual([A, C]);
    expect(((posts[0]!.body as FormData).get('thumbnail') as File).type).toBe('image/webp');
    expect(((posts[0]!.body as FormData).get('small') as File).type).toBe('image/webp');
    const giveUps = calls.filter((c) => c.method === 'DELETE');
    expect(giveUps.map((c) => decodeURIComponent(c.url.split('value=')[1]!))).toEqual([B]);
    // The originals were fetched with the session's token, as downloads are.
    expect(calls.filter((c) => c.url.startsWith('/media/'))).toHaveLength(3);
  });

  it('pass a picture gone meanwhile, give up one refused, and stop on a server error', async () => {
    stubCanvas();
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/thumbnails/wanted')) return json({ values: [A, B, C], more: true });
      if (call.url.startsWith('/media/')) return picture('original');
      if (call.method === 'POST') {
        const value = sentValue(call);
        if (value === A) return apiError(404, 'NOT_FOUND');
        if (value === B) return apiError(413, 'PAYLOAD_TOO_LARGE');
        return apiError(500, 'INTERNAL');
      }
      return new Response(null, { status: 204 });
    });
    await expect(makeWantedThumbnails(3, new AbortController().signal)).rejects.toMatchObject({ status: 500 });
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => decodeURIComponent(c.url.split('value=')[1]!))).toEqual([B]);
    // No second round after the error.
    expect(calls.filter((c) => c.url.endsWith('/thumbnails/wanted'))).toHaveLength(1);
  });

  it('stop when the page is left', async () => {
    stubCanvas();
    const controller = new AbortController();
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/thumbnails/wanted')) return json({ values: [A, B], more: true });
      if (call.url.startsWith('/media/')) {
        controller.abort();
        return picture('original');
      }
      return new Response(null, { status: 204 });
    });
    expect(await makeWantedThumbnails(3, controller.signal)).toBe(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(calls.filter((c) => c.url.endsWith('/thumbnails/wanted'))).toHaveLength(1);
  });
});
