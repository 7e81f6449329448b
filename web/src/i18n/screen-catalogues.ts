// The French catalogue's own part of the loading (compiled-catalogues.ts puts it in that catalogue's
// chunk, so English pages do not download it): each screen's messages are delivered once, and a load
// that failed is tried again the next time the screen is asked for.
import type { MessageFormatElement } from 'react-intl';

export type Catalogue = Record<string, MessageFormatElement[]>;

export type ScreenCatalogues = Record<string, () => Promise<{ default: Catalogue }>>;

export function screenLoader(screens: ScreenCatalogues): (screen: string, deliver: (messages: Catalogue) => void) => Promise<void> {
  const loading = new Map<string, Promise<void>>();
  return (screen, deliver) => {
    let loaded = loading.get(screen);
    if (!loaded) {
      loaded = (screens[screen]?.() ?? Promise.resolve({ default: {} })).then(
        (module) => deliver(module.default),
        (error: unknown) => {
          loading.delete(screen);
          throw error;
        },
      );
      loading.set(screen, loaded);
    }
    return loaded;
  };
}
