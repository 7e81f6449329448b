// The three top areas under short names, so an import says where it goes instead of how far it climbs:
// @shared/* → shared/*, @worker/* → worker/src/*, @web/* → web/src/*. TypeScript (tsconfig.base.json,
// and tsconfig.json, read by the Worker's bundler and Playwright) say the same.
import { fileURLToPath } from 'node:url';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const PATH_ALIASES = {
  '@shared': dir('./shared'),
  '@worker': dir('./worker/src'),
  '@web': dir('./web/src'),
};
