// The camera barcode scanner with a stand-in camera and a stand-in BarcodeDetector that reads a scripted
// frame at a time: only codes with a right check digit are given; single mode gives one and closes;
// continuous mode gives each new code once (beep, vibration, count), and every camera problem is said.
// The search page offers Scan only when a source reads codes and the browser has a camera API.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SourceOffer } from '@shared/schemas/sources';
import { BarcodeScanner } from '@web/features/sources/components/barcode-scanner';
import { SourceSearch } from '@web/features/sources/components/source-search';
import { apiInfo, json, mockFetch, renderWithApp } from '../helpers';

/** What the detector reads in each successive frame; once they run out, it reads nothing. */
let frames: string[][] = [];
let asked: MediaStreamConstraints[] = [];
const stopTrack = vi.fn();
const oscillatorStart = vi.fn();

class FakeDetector {
  static getSupportedFormats = async () => ['ean_13', 'ean_8', 'upc_a', 'qr_code'];
  constructor(readonly options: { formats: string[] }) {}
  async detect() {
    return (frames.shift() ?? []).map((rawValue) => ({ rawValue }));
  }
}

class FakeAudioContext {
  currentTime = 0;
  destination = {};
  createOscillator() {
    return { type: '', frequency: { value: 0 }, connect: (node: unknown) => node, start: oscillatorStart, stop: vi.fn() };
  }
  createGain() {
    return { gain: { value: 0 }, connect: (node: unknown) => node };
  }
  close = vi.fn(async () => undefined);
}

function useCamera(getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
}

/** The scanner's sheet (the app's test frame has a status of its own, the router's location). */
const scanner = () => within(screen.getByRole('dialog', { name: 'Scan a barcode' }));

const cameraStream = () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream;

beforeEach(() => {
  frames = [];
  asked = [];
  stopTrack.mockClear();
  oscillatorStart.mockClear();
  mockFetch(() => json(apiInfo()));
  vi.stubGlobal('BarcodeDetector', FakeDetector);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'vibrate', { configurable: true, writable: true, value: vi.fn(() => true) });
  useCamera(async (constraints) => {
    asked.push(constraints);
    return cameraStream();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
});

afterEach(() => {
  for (const name of ['mediaDevices', 'vibrate'] as const) Reflect.deleteProperty(navigator, name);
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('BarcodeScanner', () => {
  it('gives the first code with a right check digit, closes itself and lets go of the camera', async () => {
    frames = [['12345'], ['9782070612759'], ['9782070612758'], ['5012345678900']];
    const onCode = vi.fn();
    const onClose = vi.fn();
    renderWithApp(<BarcodeScanner mode="single" onCode={onCode} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Scan a barcode' })).toBeInTheDocument();

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onCode.mock.calls).toEqual([['9782070612758']]);
    expect(stopTrack).toHaveBeenCalled();
    expect(asked).toEqual([{ video: { facingMode: 'environment' }, audio: false }]);
    // Single mode neither beeps nor vibrates.
    expect(oscillatorStart).not.toHaveBeenCalled();
    expect(navigator.vibrate).not.toHaveBeenCalled();
  });

  it('gives an ISBN-10 read from a label as its ISBN-13', async () => {
    frames = [['2070612759']];
    const onCode = vi.fn();
    renderWithApp(<BarcodeScanner mode="single" onCode={onCode} onClose={() => undefined} />);
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('9782070612758'));
  });

  it('in continuous mode gives each new code once, with a beep and a vibration, and counts them', async () => {
    // The same book seen on three frames in a row, then a DVD's UPC-A, then the book again at once.
    frames = [['9782070612758'], ['9782070612758'], ['9782070612758'], ['036000291452'], ['9782070612758']];
    const onCode = vi.fn();
    const onClose = vi.fn();
    const view = renderWithApp(<BarcodeScanner mode="continuous" onCode={onCode} onClose={onClose} />);

    await waitFor(() => expect(scanner().getByRole('status')).toHaveTextContent('2 codes read · Last: 036000291452'));
    await waitFor(() => expect(frames).toEqual([]));
    expect(onCode.mock.calls).toEqual([['9782070612758'], ['036000291452']]);
    expect(oscillatorStart).toHaveBeenCalledTimes(2);
    expect(navigator.vibrate).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
    expect(stopTrack).not.toHaveBeenCalled();

    fireEvent.click(scanner().getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(stopTrack).toHaveBeenCalled();
  });

  it('says it is starting, then where to hold the barcode', async () => {
    renderWithApp(<BarcodeScanner mode="single" onCode={() => undefined} onClose={() => undefined} />);
    expect(scanner().getByRole('status')).toHaveTextContent('Starting the camera…');
    await waitFor(() => expect(scanner().getByRole('status')).toHaveTextContent('Hold the barcode inside the frame'));
  });

  it.each([
    ['NotAllowedError', 'The camera was refused. Allow it for this site in the browser’s settings, then try again.'],
    ['NotFoundError', 'No camera was found on this device.'],
    ['NotReadableError', 'The camera cannot be used right now: another app may be using it.'],
  ])('says why the camera could not open (%s)', async (name, words) => {
    useCamera(async () => {
      throw new DOMException('no', name);
    });
    renderWithApp(<BarcodeScanner mode="single" onCode={() => undefined} onClose={() => undefined} />);
    expect(await scanner().findByRole('alert')).toHaveTextContent(words);
    expect(scanner().queryByRole('status')).not.toBeInTheDocument();
  });

  it('says that the camera needs a secure connection', async () => {
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false });
    renderWithApp(<BarcodeScanner mode="single" onCode={() => undefined} onClose={() => undefined} />);
    expect(await scanner().findByRole('alert')).toHaveTextContent(
      'The browser allows the camera only on a secure connection (HTTPS, or localhost).',
    );
  });
});

const BOOK_SOURCES: SourceOffer[] = [
  { id: 'openlibrary', name: 'Open Library', ready: true, barcodes: true },
  { id: 'bnf', name: 'BnF', ready: true, barcodes: true },
];

function renderSearch(offers: SourceOffer[]) {
  const { calls } = mockFetch(() => json({ hits: [], problems: [] }));
  renderWithApp(
    <SourceSearch
      collectionId={3}
      collectionType="books"
      offers={offers}
      properties={[]}
      readOnly={false}
      onCreate={async () => undefined}
    />,
  );
  return calls;
}

describe('SourceSearch and the camera', () => {
  it('searches a scanned code at once, with the code in the search box', async () => {
    frames = [['9782070612758']];
    const calls = renderSearch(BOOK_SOURCES);
    fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContainEqual(expect.stringContaining('/collections/3/sources/search?q=9782070612758')),
    );
    expect(screen.getByLabelText('Title, author, ISBN or barcode')).toHaveValue('9782070612758');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no Scan where no source reads codes', () => {
    renderSearch([{ id: 'tmdb', name: 'TMDB', ready: true, barcodes: false }]);
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan' })).not.toBeInTheDocument();
  });

  it('offers no Scan where the browser has no camera API (an insecure address)', () => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    renderSearch(BOOK_SOURCES);
    expect(screen.queryByRole('button', { name: 'Scan' })).not.toBeInTheDocument();
  });
});
