// The WebAssembly barcode reader for browsers without a BarcodeDetector. Imported lazily: the reader's
// Worker (zxing.worker.ts), its module and its .wasm (about 1 MB) load only when a scan needs them, once
// for the page's life. The page only grabs frames; the reader runs in the Worker, whose own CSP alone
// allows compiling WebAssembly.
import type { FrameDecoder } from './barcode-decoder';
import type { ScannerAnswer, ScannerRequest } from './zxing.worker';

/** Larger frames are scaled down first: a retail barcode needs far fewer pixels, and time per frame counts. */
const MAX_SIDE = 1280;

type Question = { kind: 'prepare' } | { kind: 'decode'; frame: ImageData };
type Ask = (question: Question) => Promise<string[]>;

/** Starts the reader's Worker and waits until it has compiled the reader. */
async function startReader(): Promise<Ask> {
  const worker = new Worker(new URL('./zxing.worker.ts', import.meta.url), { type: 'module', name: 'barcode-reader' });
  const waiting = new Map<number, { resolve: (texts: string[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.addEventListener('message', (event: MessageEvent<ScannerAnswer>) => {
    const answer = event.data;
    const asked = waiting.get(answer.id);
    if (!asked) return;
    waiting.delete(answer.id);
    if ('error' in answer) asked.reject(new Error(answer.error));
    else asked.resolve(answer.texts);
  });
  // A script that could not load (offline on first use) or broke: every question waiting fails.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    const error = new Error(event.message || 'the barcode reader did not start');
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  });
  const ask: Ask = (question) =>
    new Promise((resolve, reject) => {
      next += 1;
      waiting.set(next, { resolve, reject });
      const request: ScannerRequest = { ...question, id: next };
      worker.postMessage(request, request.kind === 'decode' ? [request.frame.data.buffer] : []);
    });
  try {
    await ask({ kind: 'prepare' });
  } catch (error) {
    worker.terminate();
    throw error;
  }
  return ask;
}

let reader: Promise<Ask> | null = null;

export async function zxingDecoder(): Promise<FrameDecoder> {
  reader ??= startReader();
  let ask: Ask;
  try {
    ask = await reader;
  } catch (error) {
    // A failed start is not kept: the next scan tries again.
    reader = null;
    throw error;
  }
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  return {
    async decode(video) {
      const { videoWidth: width, videoHeight: height } = video;
      if (!width || !height) return [];
      const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      return ask({ kind: 'decode', frame: context.getImageData(0, 0, canvas.width, canvas.height) });
    },
  };
}
