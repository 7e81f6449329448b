// Reads retail barcodes (EAN-13 and so ISBNs, EAN-8, UPC-A) from a playing <video>: with the browser's own
// BarcodeDetector where it reads all three, else with ZXing compiled to WebAssembly, loaded only then.

/** Reads the barcodes in the video's current frame, as the texts they carry (check digits unverified). */
export interface FrameDecoder {
  decode(video: HTMLVideoElement): Promise<string[]>;
}

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const NATIVE_FORMATS = ['ean_13', 'ean_8', 'upc_a'];

/** The browser's detector when it reads every format wanted, else null (Firefox, Safari, Chromium on Linux). */
async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    if (!NATIVE_FORMATS.every((format) => supported.includes(format))) return null;
    const detector = new Detector({ formats: NATIVE_FORMATS });
    return { decode: async (video) => (await detector.detect(video)).map((barcode) => barcode.rawValue) };
  } catch {
    return null;
  }
}

/** The decoder this browser has; the WebAssembly one is fetched from the app's own assets on first use. */
export async function createFrameDecoder(): Promise<FrameDecoder> {
  const native = await nativeDecoder();
  if (native) return native;
  const { zxingDecoder } = await import('./zxing-decoder');
  return zxingDecoder();
}
