// The browser gets its language catalogue already parsed (ICU message AST), as the code's default
// messages are by @formatjs/unplugin: react-intl then formats without its message parser, which the
// build leaves out (vite.config.ts). The parser is the one react-intl runs, so the texts come out the same.
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]web[\\/]src[\\/]i18n[\\/][a-z]{2}\.json$/;

export function compiledCatalogues(): Plugin {
  return {
    name: 'vitrine:compiled-catalogues',
    // Before Vite's JSON plugin, which would turn the strings into a module first.
    enforce: 'pre',
    transform(source, id) {
      if (!CATALOGUE.test(id)) return null;
      const messages = JSON.parse(source) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
