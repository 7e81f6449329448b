// The file pickers: a drop zone with a preview, the file's name and size, pictures made smaller before
// upload, and an item form that does not save past a failed upload.
import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageUploadField } from '@web/components/image-upload-field';
import { ValueInput } from '@web/components/value-input/value-input';
import { formatFileSize } from '@web/lib/file-size';
import { fitImage } from '@web/lib/resize-image';
import { catalogueApi, makeItem, makeProperty } from '../catalogue-fixtures';
import { apiError, apiInfo, json, mockFetch, renderRoute, renderWithApp, signIn } from '../helpers';
import type { RecordedCall } from '../helpers';

const MB = 1024 * 1024;

function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A drop of one file on an element, as the browser sends it. */
function drop(target: Element, file: File) {
  const dataTransfer = { files: [file], types: ['Files'], dropEffect: 'none' };
  const over = createEvent.dragOver(target);
  Object.defineProperty(over, 'dataTransfer', { value: dataTransfer });
  fireEvent(target, over);
  expect(target.closest('.file-drop')).toHaveClass('is-over');
  const dropped = createEvent.drop(target);
  Object.defineProperty(dropped, 'dataTransfer', { value: dataTransfer });
  fireEvent(target, dropped);
}

/** Stubs the canvas so encoding answers blobs of the given sizes in turn; returns the sides drawn. */
function stubCanvas(sizes: number[]) {
  const drawn: number[][] = [];
  const original = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
    if (tag !== 'canvas') return original(tag);
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => ({ drawImage: () => drawn.push([canvas.width, canvas.height]) }),
      toBlob: (done: (blob: Blob) => void, type: string) => {
        done(new Blob([new Uint8Array(sizes.shift() ?? 1)], { type }));
      },
    };
    return canvas as unknown as HTMLElement;
  });
  return drawn;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('file sizes', () => {
  it('are written for people, in the app’s language', () => {
    const en = createIntl({ locale: 'en-US' });
    const fr = createIntl({ locale: 'fr-FR' });
    expect(formatFileSize(en, 820)).toBe('820 bytes');
    expect(formatFileSize(en, 14.2 * 1024)).toBe('14 kB');
    expect(formatFileSize(en, 3.45 * MB)).toBe('3.5 MB');
    // French puts a (narrow) non-breaking space between the number and its unit.
    expect(formatFileSize(fr, 820)).toBe('820\u00a0octets');
    expect(formatFileSize(fr, 3.45 * MB)).toBe('3,5\u202fMo');
  });
});

describe('pictures made smaller before upload', () => {
  it('leave a file that fits untouched', async () => {
    const file = sized('small.jpg', 'image/jpeg', 1 * MB);
    expect(await fitImage(file, 2 * MB)).toBe(file);
  });

  it('scale a large photo down until it fits, keeping JPEG for photos', async () => {
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 8000, height: 6000, close })),
    );
    // Too big at 4096 pixels, small enough at 2560.
    const drawn = stubCanvas([3 * MB, 1.5 * MB]);
    const fitted = await fitImage(sized('IMG_0001.JPG', 'image/jpeg', 12 * MB), 2 * MB);
    expect(drawn).toEqual([
      [4096, 3072],
      [2560, 1920],
    ]);
    expect(fitted.name).toBe('IMG_0001.jpg');
    expect(fitted.type).toBe('image/jpeg');
    expect(fitted.size).toBe(1.5 * MB);
    expect(close).toHaveBeenCalled();
  });

  it('turn PNG into WebP (JPEG has no transparency) and leave GIFs and undecodable files alone', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 3000, height: 1000, close: vi.fn() })),
    );
    stubCanvas([1 * MB]);
    const fitted = await fitImage(sized('scan.png', 'image/png', 9 * MB), 2 * MB);
    expect(fitted).toMatchObject({ name: 'scan.webp', type: 'image/webp' });
    const gif = sized('anim.gif', 'image/gif', 9 * MB);
    expect(await fitImage(gif, 2 * MB)).toBe(gif);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new Error('cannot decode'))),
    );
    const broken = sized('broken.jpg', 'image/jpeg', 9 * MB);
    expect(await fitImage(broken, 2 * MB)).toBe(broken);
  });
});

function MediaHarness({ upload }: { upload: (file: File) => Promise<string> }) {
  const [texts, setTexts] = useState(['']);
  return (
    <>
      <ValueInput
        field={{ key: 'cover', label: 'Cover', type: 'image', multiple: false }}
        texts={texts}
        onChange={setTexts}
        upload={upload}
      />
      <output data-testid="texts">{JSON.stringify(texts)}</output>
    </>
  );
}

describe('the drop zone of a media value', () => {
  it('takes a dropped picture, uploads it, and shows its name and size', async () => {
    mockFetch(() => json(apiInfo()));
    const upload = vi.fn(async () => 'media://collections/1/0b5c-cover.png');
    renderWithApp(<MediaHarness upload={upload} />);
    const input = screen.getByLabelText('Cover');
    expect(input).toHaveAttribute('type', 'file');
    expect(screen.getByText('Drop a file here')).toBeInTheDocument();
    drop(input.closest('.file-drop')!, sized('cover.png', 'image/png', 340 * 1024));
    expect(await screen.findByText('Your file has been uploaded')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ name: 'cover.png' }));
    expect(screen.getByTestId('texts')).toHaveTextContent('["media://collections/1/0b5c-cover.png"]');
    expect(screen.getByText('cover.png')).toBeInTheDocument();
    expect(screen.getByText('340 kB')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover' })).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/Larger pictures are made smaller to fit 20 MB/u);
  });

  it('makes a picture too large for an upload smaller before sending it', async () => {
    mockFetch(() => json(apiInfo()));
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 9000, height: 6000, close: vi.fn() })),
    );
    stubCanvas([4 * MB]);
    const upload = vi.fn(async () => 'media://collections/1/photo.jpg');
    renderWithApp(<MediaHarness upload={upload} />);
    await userEvent.upload(screen.getByLabelText('Cover'), sized('photo.jpeg', 'image/jpeg', 25 * MB));
    expect(await screen.findByText('Your file has been uploaded')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ name: 'photo.jpg', size: 4 * MB }));
    expect(screen.getByText('4 MB')).toBeInTheDocument();
  });

  it('refuses a file it cannot make fit, without sending it', async () => {
    mockFetch(() => json(apiInfo()));
    const upload = vi.fn(async () => 'media://x');
    renderWithApp(<MediaHarness upload={upload} />);
    drop(screen.getByLabelText('Cover').closest('.file-drop')!, sized('anim.gif', 'image/gif', 25 * MB));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occured while uploading file.');
    expect(upload).not.toHaveBeenCalled();
  });
});

describe('the picture of an account or a collection', () => {
  it('shows the chosen picture’s name and size before Upload, made small enough first', async () => {
    mockFetch(() => json(apiInfo()));
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 4000, height: 3000, close: vi.fn() })),
    );
    stubCanvas([1.2 * MB]);
    const onUpload = vi.fn(async () => undefined);
    renderWithApp(
      <ImageUploadField
        image={null}
        maxBytes={2 * MB}
        imageClassName="avatar"
        texts={{ current: 'Current avatar', none: 'No avatar yet.', file: 'Picture file', remove: 'Remove avatar' }}
        onUpload={onUpload}
        onRemove={async () => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await userEvent.upload(screen.getByLabelText('Picture file'), sized('me.jpg', 'image/jpeg', 6 * MB));
    expect(await screen.findByText('me.jpg')).toBeInTheDocument();
    expect(screen.getByText('1.2 MB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Your file has been uploaded')).toBeInTheDocument();
    expect(onUpload).toHaveBeenCalledWith(expect.objectContaining({ name: 'me.jpg', size: Math.floor(1.2 * MB) }));
  });
});

describe('an item form with a failed upload', () => {
  const cover = makeProperty({ key: 'cover', label: 'Cover', type: 'image', isCover: true });
  const title = makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true });
  const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST' && call.url === '/api/v1/collections/3/items');

  it('is not saved, says which file and why, and saves once the person goes on without it', async () => {
    signIn('alice');
    const { calls } = mockFetch(
      catalogueApi({
        properties: [title, cover],
        other: (call) => {
          if (call.method === 'POST' && call.url === '/api/v1/collections/3/media') return apiError(415, 'UNSUPPORTED_MEDIA_TYPE');
          if (call.method === 'POST' && call.url === '/api/v1/collections/3/items') return json(makeItem({ id: 12 }), { status: 201 });
          return undefined;
        },
      }),
    );
    renderRoute('/collection/3/item/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Dune');
    await user.upload(screen.getByLabelText('Cover'), new File(['not a picture'], 'cover.png', { type: 'image/png' }));
    expect(await screen.findByText(/This type of file is not accepted/u)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create the item' }));
    expect(
      await screen.findByText(
        'The item was not saved: the file for Cover could not be uploaded. This type of file is not accepted. Choose it again, choose another, or continue without it.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Cover')).toHaveFocus());
    expect(posts(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Continue without this file' }));
    await user.click(screen.getByRole('button', { name: 'Create the item' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ values: { title: 'Dune' } });
  });

  it('is not saved while a file is still uploading', async () => {
    signIn('alice');
    let finish: (response: Response) => void = () => undefined;
    const { calls } = mockFetch(
      catalogueApi({
        properties: [title, cover],
        other: (call) => {
          if (call.method === 'POST' && call.url === '/api/v1/collections/3/media') {
            return new Promise<Response>((resolve) => {
              finish = resolve;
            }) as unknown as Response;
          }
          return undefined;
        },
      }),
    );
    renderRoute('/collection/3/item/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Dune');
    await user.upload(screen.getByLabelText('Cover'), new File(['\x89PNG'], 'cover.png', { type: 'image/png' }));
    expect(await screen.findByText('Uploading cover.png…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create the item' }));
    expect(
      await screen.findByText('The item was not saved: the file for Cover is still uploading. Save again once it is done.'),
    ).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
    finish(json({ value: 'media://collections/3/c.png', contentType: 'image/png', size: 4 }, { status: 201 }));
    expect(await screen.findByText('Your file has been uploaded')).toBeInTheDocument();
  });
});
