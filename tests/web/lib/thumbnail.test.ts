import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeThumbnails, uploadForm } from '@web/lib/thumbnail';

/** A canvas that records what is drawn on it, at which size. */
function fakeCanvas(drawn: number[][]) {
  return {
    width: 0,
    height: 0,
    getContext: () => ({ drawImage: (_b: unknown, x: number, y: number, w: number, h: number) => drawn.push([x, y, w, h]) }),
    toBlob: (done: (b: Blob) => void, type: string) => done(new Blob(['thumb'], { type })),
  };
}

describe('thumbnails made before upload', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('scale the longest side down to 480 and 192 pixels and are sent beside the file', async () => {
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 1600, height: 1200, close })),
    );
    const drawn: number[][] = [];
    vi.spyOn(document, 'createElement').mockImplementation(() => fakeCanvas(drawn) as unknown as HTMLElement);
    const file = new File(['big picture'], 'cover.jpg', { type: 'image/jpeg' });
    const form = await uploadForm(file);
    expect(form.get('file')).toBe(file);
    expect((form.get('thumbnail') as File).type).toBe('image/webp');
    expect((form.get('small') as File).type).toBe('image/webp');
    expect(drawn).toEqual([
      [0, 0, 480, 360],
      [0, 0, 192, 144],
    ]);
    expect(close).toHaveBeenCalled();
  });

  it('never enlarge a picture smaller than either size', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 100, height: 150, close: () => undefined })),
    );
    const drawn: number[][] = [];
    vi.spyOn(document, 'createElement').mockImplementation(() => fakeCanvas(drawn) as unknown as HTMLElement);
    expect(await makeThumbnails(new File(['x'], 'a.png', { type: 'image/png' }))).not.toBeNull();
    expect(drawn).toEqual([
      [0, 0, 100, 150],
      [0, 0, 100, 150],
    ]);
  });

  it('are skipped for files that are not images or cannot be decoded', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new Error('bad image'))),
    );
    expect(await makeThumbnails(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(await makeThumbnails(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    const form = await uploadForm(new File(['x'], 'a.png', { type: 'image/png' }));
    expect(form.get('thumbnail')).toBeNull();
    expect(form.get('small')).toBeNull();
  });
});
