// The modules the app's start needs (web/src/main.tsx and every chunk it imports, at any depth), listed in
// index.html as an inert <template> of modulepreload links, which web/src/boot.ts adds to the page when the
// app may start (web/src/lib/app-start-modules.ts). Vite's own preloading appended them all in one task.
import type { Plugin } from 'vite';
import { APP_START_TEMPLATE_ID } from './web/src/lib/app-start-modules.ts';

export function appStartModules(): Plugin {
  return {
    name: 'vitrine:app-start-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = new Map(
          Object.values(bundle)
            .filter((output) => output.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const main = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith('/web/src/main.tsx'));
        if (!main) throw new Error('app-start-modules: no chunk holds web/src/main.tsx');
        const files: string[] = [];
        // The page's first script (web/src/boot.ts) has run by then: its chunk is not listed.
        const add = (fileName: string) => {
          if (files.includes(fileName) || chunks.get(fileName)?.isEntry) return;
          files.push(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) add(imported);
        };
        add(main.fileName);
        return [
          {
            tag: 'template',
            attrs: { id: APP_START_TEMPLATE_ID },
            children: files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', href: `/${file}` } })),
            injectTo: 'body',
          },
        ];
      },
    },
  };
}
