import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeThumbnail, uploadForm } from '../../web/src/lib/thumbnail';

describe('thumbnails made before upload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('scale the longest side down to 480 pixels and are sent beside the file', async () => {
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 1600, height: 1200, close })));
    const drawn: number[][] = [];
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => ({ drawImage: (_b: unknown, x: number, y: number, w: number, h: number) => drawn.push([x, y, w, h]) }),
      toBlob: (done: (b: Blob) => void, type: string) => done(new Blob(['thumb'], { type })),
    };
    vi.spyOn(document, 'createElement').mockImplementationOnce(() => canvas as unknown as HTMLElement);
    const file = new File(['big picture'], 'cover.jpg', { type: 'image/jpeg' });
    const form = await uploadForm(file);
    expect(form.get('file')).toBe(file);
    const thumbnail = form.get('thumbnail') as File;
    expect(thumbnail.type).toBe('image/webp');
    expect(drawn).toEqual([[0, 0, 480, 360]]);
    expect(close).toHaveBeenCalled();
  });

  it('are skipped for files that are not images or cannot be decoded', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(async () => Promise.reject(new Error('bad image'))));
    expect(await makeThumbnail(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(await makeThumbnail(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    const form = await uploadForm(new File(['x'], 'a.png', { type: 'image/png' }));
    expect(form.get('thumbnail')).toBeNull();
  });
});
