// The colour of a cover placeholder: a stable hash of the title picks one of a palette of deep colours,
// each with white text at a contrast of at least 4.5:1 (WCAG AA), so it reads the same in both themes.
import './placeholder-colour.css';

export const PLACEHOLDER_TEXT = '#ffffff';

export const PLACEHOLDER_PALETTE = [
  '#3f3a9e', // indigo
  '#1d5f8a', // blue
  '#0f6b62', // teal
  '#2f6b2a', // green
  '#7a4b0f', // bronze
  '#9a3412', // rust
  '#a1224f', // raspberry
  '#7b2d8e', // purple
  '#4b5563', // slate
  '#6d4c41', // walnut
] as const;

/** FNV-1a over the UTF-16 code units: the same title always gets the same colour, everywhere. */
export function titleHash(title: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < title.length; index += 1) {
    hash ^= title.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function paletteIndex(title: string): number {
  return titleHash(title.trim().toLowerCase()) % PLACEHOLDER_PALETTE.length;
}

export function placeholderColour(title: string): string {
  return PLACEHOLDER_PALETTE[paletteIndex(title)]!;
}

/** The class that paints a placeholder in its colour, with white text (placeholder-colour.css). */
export function placeholderColourClass(title: string): string {
  return `placeholder-colour-${paletteIndex(title)}`;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a #rrggbb colour (WCAG 2). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
