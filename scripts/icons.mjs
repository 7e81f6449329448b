// Renders the installable app's PNG icons from the logo (web/public/favicon.svg) with sharp.
// Run it again after changing the logo: `node scripts/icons.mjs`; the PNGs are committed.
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../web/public/', import.meta.url));
const logo = await readFile(`${publicDir}favicon.svg`);
// The logo's own indigo, so a maskable icon's padding continues its square.
const indigo = '#4338ca';

async function render(size, file, { padding = 0, background } = {}) {
  const inner = Math.round(size * (1 - 2 * padding));
  let image = sharp(logo, { density: Math.ceil((72 * inner) / 64) }).resize(inner, inner);
  if (padding > 0 || background) {
    const offset = Math.round((size - inner) / 2);
    image = sharp({
      create: { width: size, height: size, channels: 4, background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } },
    }).composite([{ input: await image.png().toBuffer(), left: offset, top: offset }]);
  }
  await image.png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(`${publicDir}icons/${file}`);
}

await mkdir(`${publicDir}icons`, { recursive: true });
await render(192, 'icon-192.png');
await render(512, 'icon-512.png');
// Maskable: launchers crop to a circle or squircle of 80 % of the side; keep the cabinet inside it.
await render(512, 'icon-maskable-512.png', { padding: 0.1, background: indigo });
// iOS draws its own rounded corners and shows transparency as black: fill the corners.
await render(180, 'apple-touch-icon.png', { background: indigo });
console.log('Icons written to web/public/icons/');
