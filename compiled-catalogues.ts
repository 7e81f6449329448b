// The browser gets a language's messages already parsed (ICU message AST), as the code's default messages
// are by @formatjs/unplugin: react-intl then formats without its message parser, which the build leaves
// out (vite.config.ts). The parser is the one react-intl runs, so the texts come out the same.
//
// And it gets them by screen (docs/architecture.md, "Languages"): `virtual:vitrine-messages/fr` holds the
// messages of the app's shell (the entry and what it loads, screens aside) and a loader per screen;
// `virtual:vitrine-messages/fr/<screen>` the messages of one screen (its module, and everything it
// imports, statically or not, that the shell does not already have). Which module uses which message is
// read from the sources (every message has an explicit id, which eslint's formatjs rules enforce); the
// module graph is known once the bundle is made, so each catalogue is filled in when its chunk is
// rendered. Outside a build (the dev server, tests) the shell holds the whole catalogue.
import { parse } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]web[\\/]src[\\/]i18n[\\/][a-z]{2}\.json$/;
const WEB_SOURCE = /[\\/]web[\\/]src[\\/].*\.tsx?$/;
const MESSAGES = /^virtual:vitrine-messages\/([a-z]{2})(?:\/([a-z-]+))?$/;
/** Resolved ids: a chunk is named after the end of its module's id ("messages-fr-home"). */
const RESOLVED = /^\0vitrine:messages-([a-z]{2})(?:-([a-z-]+))?$/;
/** Stands for a catalogue in a module until its chunk is rendered; the minifier may change its quotes. */
const PLACEHOLDER = /__vitrineMessages__\(\s*["'`]([a-z-]+)["'`]\s*\)/g;
const STRING_LITERAL = /(["'`])([\w.-]+)\1/g;

const SOURCE = fileURLToPath(new URL('./web/src/', import.meta.url));
const ENTRY = `${SOURCE}main.tsx`;
const ROUTES = `${SOURCE}app/routes/`;

/** The screens: the files of web/src/app/routes, each one chunk (web/src/app/router.tsx). */
export function screenNames(): string[] {
  return readdirSync(ROUTES)
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => file.slice(0, -'.tsx'.length))
    .sort();
}

function readCatalogue(language: string): Record<string, string> {
  return JSON.parse(readFileSync(`${SOURCE}i18n/${language}.json`, 'utf8')) as Record<string, string>;
}

interface ModuleLinks {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

/**
 * The modules `start` brings in, statically or dynamically, without going through a module `stop`
 * refuses (another screen, a catalogue, a library).
 */
export function reachableModules(start: string, links: (id: string) => ModuleLinks | null, stop: (id: string) => boolean): Set<string> {
  const seen = new Set<string>([start]);
  const pending = [start];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    const module = links(id);
    if (!module) continue;
    for (const next of [...module.importedIds, ...module.dynamicallyImportedIds]) {
      if (seen.has(next) || stop(next)) continue;
      seen.add(next);
      pending.push(next);
    }
  }
  return seen;
}

/** The language of the catalogue a chunk holds, if it holds one. */
function languageOf(moduleIds: readonly string[]): string | undefined {
  for (const id of moduleIds) {
    const language = RESOLVED.exec(id)?.[1];
    if (language) return language;
  }
  return undefined;
}

function compile(messages: Record<string, string>): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));
}

/** `parseJson: false` leaves the JSON catalogues as strings for code that reads them (the web tests). */
export function compiledCatalogues({ parseJson = true } = {}): Plugin {
  let building = false;
  /** Message ids each source module names. */
  const idsByModule = new Map<string, string[]>();
  let knownIds: Set<string> | null = null;

  /** A catalogue's module; `emit` makes a module its own chunk and names its address. */
  const catalogueModule = (language: string, screen: string | undefined, emit: (id: string) => string): string => {
    if (screen) return `export default __vitrineMessages__(${JSON.stringify(screen)});`;
    const shell = building ? '__vitrineMessages__("shell")' : JSON.stringify(compile(readCatalogue(language)));
    // In a build, by the chunk's address rather than by name: the bundler then adds no preloading helper
    // to this chunk, which would take that helper out of the entry into a chunk of its own that every
    // page, in English too, would download.
    const loaders = screenNames().map((name) => {
      const id = `virtual:vitrine-messages/${language}/${name}`;
      return `${JSON.stringify(name)}: () => import(${building ? emit(id) : JSON.stringify(id)})`;
    });
    return [
      `import { screenLoader } from ${JSON.stringify(`${SOURCE}i18n/screen-catalogues.ts`)};`,
      `export const shell = ${shell};`,
      `export const loadScreen = screenLoader({\n${loaders.join(',\n')}\n});`,
    ].join('\n');
  };

  const texts = new Map<string, string>();
  /** The catalogue `name` ("shell" or a screen) of `language`, as JavaScript: once per build. */
  const catalogueText = (language: string, name: string, links: (id: string) => ModuleLinks | null): string => {
    const key = `${language}/${name}`;
    const known = texts.get(key);
    if (known !== undefined) return known;
    const catalogue = compile(readCatalogue(language));
    const stopAt = (start: string) => (id: string) =>
      id.includes('node_modules') || id.startsWith('\0') || (id.startsWith(ROUTES) && id !== start);
    const messagesOf = (modules: Iterable<string>) => new Set([...modules].flatMap((id) => idsByModule.get(id) ?? []));
    const shell = messagesOf(reachableModules(ENTRY, links, stopAt(ENTRY)));
    let ids = shell;
    if (name !== 'shell') {
      const screen = `${ROUTES}${name}.tsx`;
      ids = new Set([...messagesOf(reachableModules(screen, links, stopAt(screen)))].filter((id) => !shell.has(id)));
    }
    const text = JSON.stringify(Object.fromEntries([...ids].sort().map((id) => [id, catalogue[id]])));
    texts.set(key, text);
    return text;
  };

  return {
    name: 'vitrine:compiled-catalogues',
    // Before Vite's JSON plugin, which would turn the strings into a module first, and before
    // @formatjs/unplugin, whose output no longer shows the ids as they are written.
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr;
    },
    buildStart() {
      idsByModule.clear();
      texts.clear();
    },
    resolveId(id) {
      const match = MESSAGES.exec(id);
      if (!match) return null;
      return `\0vitrine:messages-${match[1]}${match[2] ? `-${match[2]}` : ''}`;
    },
    load(id) {
      const match = RESOLVED.exec(id);
      if (!match?.[1]) return null;
      if (match[2] && !building) return 'export default {};';
      return catalogueModule(
        match[1],
        match[2],
        (module) => `import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: 'chunk', id: module, preserveSignature: 'strict' })}`,
      );
    },
    transform(source, id) {
      if (CATALOGUE.test(id))
        return parseJson ? { code: JSON.stringify(compile(JSON.parse(source) as Record<string, string>)), map: null } : null;
      if (building && WEB_SOURCE.test(id) && !id.includes('node_modules')) {
        knownIds ??= new Set(Object.keys(readCatalogue('en')));
        const known = knownIds;
        const ids = [...source.matchAll(STRING_LITERAL)].map((match) => match[2] ?? '').filter((text) => known.has(text));
        if (ids.length > 0) idsByModule.set(id.split('?')[0] ?? id, ids);
      }
      return null;
    },
    // A catalogue is part of its chunk's hash, so its address changes with its messages (the bundler
    // hashes the placeholder alone). The shell's chunk names every screen's chunk, whose addresses the
    // bundler does not count either: their messages are part of its hash too.
    augmentChunkHash(chunk) {
      const language = languageOf(chunk.moduleIds);
      if (!building || !language) return undefined;
      const links = (id: string) => this.getModuleInfo(id);
      const names = chunk.moduleIds.flatMap((id) => {
        const match = RESOLVED.exec(id);
        if (!match) return [];
        return match[2] ? [match[2]] : ['shell', ...screenNames()];
      });
      return names.map((name) => catalogueText(language, name, links)).join('');
    },
    renderChunk(code, chunk) {
      const language = languageOf(chunk.moduleIds);
      if (!building || !language) return null;
      const links = (id: string) => this.getModuleInfo(id);
      return { code: code.replace(PLACEHOLDER, (_, name: string) => catalogueText(language, name, links)), map: null };
    },
  };
}
