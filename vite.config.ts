// Builds the SPA from web/ into web/dist, which the Worker serves as static assets.
import formatjs from '@formatjs/unplugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appStartModules } from './app-start-modules.ts';
import { compiledCatalogues } from './compiled-catalogues';
import { PATH_ALIASES } from './path-aliases.ts';
import { REACT_AS_PREACT } from './react-alias';

const worker = 'http://127.0.0.1:8787';

/** The public pages the Worker renders (worker/src/features/pages): the home page, a collection, an item, its borrow page. */
const RENDERED_PAGES = /^\/(collection\/\d+(\/item\/\d+(\/borrow)?)?\/?)?$/;

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [
    react(),
    // Every message reaches the browser already parsed (ICU AST): the code's default messages here, the
    // language catalogues in compiledCatalogues. react-intl then needs no parser (the alias below).
    formatjs({ ast: true }),
    compiledCatalogues(),
    // The app's start lists its modules in index.html, for web/src/boot.ts to preload.
    appStartModules(),
    // Installable app: a manifest and a service worker that precaches the app shell only. API answers
    // and media are never cached (no stale private data on a shared phone); they need the network.
    VitePWA({
      strategies: 'generateSW',
      // Registered by web/src/lib/service-worker.ts (no inline script: the CSP refuses it).
      injectRegister: false,
      // A new version waits until the person chooses to reload, so nobody loses a form half filled.
      registerType: 'prompt',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Vitrine',
        short_name: 'Vitrine',
        description: 'Catalogue your collections and share them.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // Light theme colours; index.html gives dark ones to browsers through theme-color media queries.
        background_color: '#f6f7fb',
        theme_color: '#4338ca',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        // The precache would otherwise answer "/" with its copy of /index.html (a directory's index), so
        // a visitor who had the app once got the shell instead of the home page the Worker renders.
        directoryIndex: null,
        // The Worker answers these itself: never the cached shell, never a cached answer.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/media(\/|$)/, /^\/__scheduled/, RENDERED_PAGES],
        // Public pages come rendered from the Worker (web/src/ssr): asked from the network, and only
        // offline is the shell shown instead, with its offline state. (The function is copied into the
        // service worker as text, so it spells RENDERED_PAGES out again.)
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && /^\/(collection\/\d+(\/item\/\d+(\/borrow)?)?\/?)?$/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  resolve: {
    alias: [
      ...Object.entries({ ...REACT_AS_PREACT, ...PATH_ALIASES }).map(([find, replacement]) => ({ find, replacement })),
      // About 7 KiB gzip of parser that precompiled messages do not need (formatjs's documented way).
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./web/dist', import.meta.url)),
    emptyOutDir: true,
    // web/dist/.vite/manifest.json maps each source module to its chunks, for scripts/public-js-weight.mjs;
    // web/public/.assetsignore keeps it out of the deployed assets.
    manifest: true,
    // No preloading by Vite: the app's start preloads its own modules (app-start-modules.ts) a few a task,
    // and a screen lets the browser find its imports in its own chunk. Appending a collection screen's 33
    // links took one task of about 13 ms (50 on a phone) while the page the Worker rendered was already
    // readable; without them, a move to another screen on a slow network took no longer (docs/benchmarks.md).
    modulePreload: false,
    // One stylesheet for the whole app (about 11 KiB gzip): a page the Worker rendered is painted with
    // every style its screen needs, instead of restyling when the screen's own chunk arrives.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Libraries every screen needs get stable names, so a deploy that only changes app code
        // leaves them cached. Everything else splits along the lazy routes.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            { name: 'intl', test: /node_modules[\\/](react-intl|@formatjs|intl-messageformat)[\\/]/ },
          ],
        },
      },
    },
  },
  // The barcode reader's Worker (web/src/features/sources/zxing.worker.ts): its script's name is the one
  // web/public/_headers gives the CSP that allows compiling WebAssembly, which no page has.
  worker: {
    format: 'es',
    rolldownOptions: { output: { entryFileNames: 'assets/barcode-reader-[hash].js' } },
  },
  server: {
    proxy: {
      '/api': { target: worker, changeOrigin: false },
      '/media': { target: worker, changeOrigin: false },
    },
  },
});
