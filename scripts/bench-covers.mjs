// Covers for the public pages' bench, made the way the app makes pictures: drawn in Chromium, the
// original a 600×900 JPEG (as a phone's photo, already shrunk) and its thumbnails WebPs of at most
// 480 and 192 pixels at quality 0.82 (the small one drawn from the larger), as web/src/lib/thumbnail.ts
// makes them. Each is noisy like a photo, so its
// weight is a real cover's, not a flat drawing's.
import { chromium } from '@playwright/test';
/* global document */ // page.evaluate() runs its function in the browser.

/** `count` covers as { original: Buffer (JPEG), thumbnail: Buffer (WebP), small: Buffer (WebP) }. */
export async function makeCovers(count) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const encoded = await page.evaluate(async (total) => {
      const toBase64 = async (canvas, type, quality) => {
        const blob = await new Promise((resolve) => canvas.toBlob(resolve, type, quality));
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(text);
      };
      let seed = 7;
      const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      const out = [];
      for (let n = 0; n < total; n += 1) {
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [600, 900];
        const context = canvas.getContext('2d');
        const gradient = context.createLinearGradient(0, 0, 600, 900);
        gradient.addColorStop(0, `hsl(${(n * 47) % 360} 60% 40%)`);
        gradient.addColorStop(1, `hsl(${(n * 47 + 120) % 360} 50% 20%)`);
        context.fillStyle = gradient;
        context.fillRect(0, 0, 600, 900);
        for (let i = 0; i < 40; i += 1) {
          context.fillStyle = `hsl(${random() * 360} 50% ${30 + random() * 40}% / 0.5)`;
          context.beginPath();
          context.arc(random() * 600, random() * 900, 20 + random() * 120, 0, Math.PI * 2);
          context.fill();
        }
        // A photo's grain: what makes a real cover weigh what it does.
        const pixels = context.getImageData(0, 0, 600, 900);
        for (let i = 0; i < pixels.data.length; i += 4) {
          const grain = (random() - 0.5) * 20;
          pixels.data[i] += grain;
          pixels.data[i + 1] += grain;
          pixels.data[i + 2] += grain;
        }
        context.putImageData(pixels, 0, 0);
        context.fillStyle = 'white';
        context.font = 'bold 64px serif';
        context.fillText(`Volume ${n + 1}`, 60, 160);
        const thumb = document.createElement('canvas');
        [thumb.width, thumb.height] = [320, 480];
        thumb.getContext('2d').drawImage(canvas, 0, 0, 320, 480);
        const small = document.createElement('canvas');
        [small.width, small.height] = [128, 192];
        small.getContext('2d').drawImage(thumb, 0, 0, 128, 192);
        out.push([
          await toBase64(canvas, 'image/jpeg', 0.85),
          await toBase64(thumb, 'image/webp', 0.82),
          await toBase64(small, 'image/webp', 0.82),
        ]);
      }
      return out;
    }, count);
    return encoded.map(([original, thumbnail, small]) => ({
      original: Buffer.from(original, 'base64'),
      thumbnail: Buffer.from(thumbnail, 'base64'),
      small: Buffer.from(small, 'base64'),
    }));
  } finally {
    await browser.close();
  }
}
