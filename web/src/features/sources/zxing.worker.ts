// The WebAssembly barcode reader, run in a dedicated Worker. Compiling WebAssembly needs the CSP's
// 'wasm-unsafe-eval', and a dedicated Worker's policy is the one its own script is served with (CSP
// Level 3): only this script's answer carries it (web/public/_headers), while every page keeps a policy
// without it. The .wasm is one of the app's own assets, never a CDN's, so scanning works on a self-hosted
// instance with no outside network.
import { prepareZXingModule, purgeZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the page asks: get ready (load and compile the reader), or read the codes of one frame. */
export type ScannerRequest = { id: number; kind: 'prepare' } | { id: number; kind: 'decode'; frame: ImageData };
/** The answer to a request of the same id: the texts read, or why it failed. */
export type ScannerAnswer = { id: number; texts: string[] } | { id: number; error: string };

const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<ScannerRequest>) => void): void;
  postMessage(answer: ScannerAnswer): void;
};

async function prepare(): Promise<void> {
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
}

async function answer(request: ScannerRequest): Promise<string[]> {
  if (request.kind === 'prepare') {
    await prepare();
    return [];
  }
  const results = await readBarcodes(request.frame, { formats: ['EAN13', 'EAN8', 'UPCA'], tryHarder: true, maxNumberOfSymbols: 1 });
  return results.filter((result) => result.isValid).map((result) => result.text);
}

scope.addEventListener('message', (event) => {
  const request = event.data;
  answer(request).then(
    (texts) => scope.postMessage({ id: request.id, texts }),
    (error: unknown) => scope.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
