// What the worker suite sends to workerd for each test file. Every file runs in a new workerd and imports
// the whole Worker there through Vite's module runner: each module's code goes from Node over a WebSocket,
// serialised and compressed, at a cost in proportion to its size (docs/benchmarks.md, "Test suite time").
import type { Plugin } from 'vite';

/**
 * Pre-bundled dependencies (`deps.optimizer.ssr`) without their source maps: 8.8 MB of maps, inlined in
 * base64, went with every test file. A failure inside a dependency then names a line of its bundle; the
 * app's and the tests' own modules keep their maps.
 */
export const dependenciesWithoutSourceMaps: Plugin = {
  name: 'vitrine:dependencies-without-source-maps',
  enforce: 'post',
  transform(code, id) {
    if (id.includes('/node_modules/.vite/')) return { code, map: { mappings: '' } };
    return undefined;
  },
};
