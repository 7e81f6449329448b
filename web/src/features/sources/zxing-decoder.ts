// The WebAssembly barcode reader for browsers without a BarcodeDetector. Imported lazily: the module and its
// .wasm (about 1 MB) load only when a scan needs them. The .wasm is one of the app's own assets, never a CDN's,
// so scanning works on a self-hosted instance with no outside network (the CSP allows 'wasm-unsafe-eval').
import { prepareZXingModule, purgeZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { FrameDecoder } from './barcode-decoder';

/** Larger frames are scaled down first: a retail barcode needs far fewer pixels, and time per frame counts. */
const MAX_SIDE = 1280;

export async function zxingDecoder(): Promise<FrameDecoder> {
  try {
    await prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
      fireImmediately: true,
    });
  } catch (error) {
    // A failed load (offline on first use) is not kept: the next scan tries again.
    purgeZXingModule();
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
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      const results = await readBarcodes(frame, { formats: ['EAN13', 'EAN8', 'UPCA'], tryHarder: true, maxNumberOfSymbols: 1 });
      return results.filter((result) => result.isValid).map((result) => result.text);
    },
  };
}
