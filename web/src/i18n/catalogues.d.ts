// The language catalogues the build makes (compiled-catalogues.ts): the shell's messages, already
// parsed, and the loader of each screen's (screen-catalogues.ts).
declare module 'virtual:vitrine-messages/fr' {
  import type { Catalogue } from '@web/i18n/screen-catalogues';

  export const shell: Catalogue;
  export const loadScreen: (screen: string, deliver: (messages: Catalogue) => void) => Promise<void>;
}
