// A fake camera that films a barcode, for the browser suite. Chromium plays a Y4M file as its camera
// (--use-file-for-fake-video-capture); at test time this draws the EAN-13, UPC-A or EAN-8 the test chooses
// (bwip-js), black on a white page with a wide quiet zone, and writes it as a short YUV 4:2:0 video of
// identical 640×480 frames.
// Chromium on Linux has no BarcodeDetector, so these tests read codes with the app's WebAssembly reader.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test as base } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import { E2E } from './e2e-settings.mjs';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;
const FILE_SWITCH = '--use-file-for-fake-video-capture=';

/** Chromium's switches for a camera that films `file`, the permission question answered "allow" (or "deny"). */
export function fakeCameraArgs(file: string, answer: 'allow' | 'deny' = 'allow'): string[] {
  return [
    '--use-fake-device-for-media-stream',
    answer === 'allow' ? '--use-fake-ui-for-media-stream' : '--use-fake-ui-for-media-stream=deny',
    `${FILE_SWITCH}${file}`,
  ];
}

/** A camera video's file: per checkout (its port base), so suites side by side never share one. */
export const cameraVideoPath = (name: string) => join(tmpdir(), `vitrine-e2e-${E2E.appPort}`, `camera-${name}.y4m`);

/** Writes a Y4M video of `code`, or of a blank page when null, at `file`. Chromium reads it when a page opens the camera. */
export async function writeCameraVideo(code: string | null, file: string): Promise<string> {
  // Luma of a white page with the barcode in the middle (BT.601, studio range as Chromium reads it).
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  if (code) await drawBarcode(luma, code);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return file;
}

/** Draws `code` black on white in the middle of a frame's luma plane. */
async function drawBarcode(luma: Buffer, code: string): Promise<void> {
  const bcid = code.length === 13 ? 'ean13' : code.length === 12 ? 'upca' : 'ean8';
  const png = PNG.sync.read(
    await bwipjs.toBuffer({ bcid, text: code, scale: 4, height: 22, includetext: true, backgroundcolor: 'FFFFFF' }),
  );
  if (png.width > WIDTH - 64 || png.height > HEIGHT - 64) throw new Error(`barcode ${png.width}×${png.height} does not fit the frame`);
  const left = Math.floor((WIDTH - png.width) / 2);
  const top = Math.floor((HEIGHT - png.height) / 2);
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const i = (y * png.width + x) * 4;
      const [r, g, b, a] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]! / 255];
      // Transparent pixels are the white page.
      const grey = (0.299 * r + 0.587 * g + 0.114 * b) * a + 255 * (1 - a);
      luma[(top + y) * WIDTH + left + x] = Math.round(16 + (219 * grey) / 255);
    }
  }
}

const workerCameraFile = (workerIndex: number) => cameraVideoPath(`worker-${workerIndex}`);

export interface FakeCamera {
  /** Puts `code` (null: a blank page) in front of the camera; a page that opens the camera afterwards films it. */
  film(code: string | null): Promise<void>;
}

/**
 * The suite's `test` with a browser whose camera (the permission question answered "allow") films what a
 * test chooses with `camera.film(code)`. Chromium opens the video file each time a page opens the camera,
 * so one browser per worker serves every test; the file is per worker and per checkout.
 */
export const test = base.extend<{ camera: FakeCamera }>({
  launchOptions: [
    async ({ launchOptions }, use, workerInfo) => {
      const file = await writeCameraVideo(null, workerCameraFile(workerInfo.workerIndex));
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fakeCameraArgs(file)] });
    },
    { scope: 'worker' },
  ],
  // The file this worker's browser films, as its launch options name it.
  camera: async ({ launchOptions }, use) => {
    const file = launchOptions.args?.find((arg) => arg.startsWith(FILE_SWITCH))?.slice(FILE_SWITCH.length);
    if (!file) throw new Error('the browser was launched without a fake camera');
    await use({ film: async (code) => void (await writeCameraVideo(code, file)) });
  },
});
