// The messages of the active language come by screen: none in English; in French the shell's with the
// first screen, each screen's before it shows, a rendered page's own for hydrating at once, and a failed
// load tried again the next time.
import { act, render, screen } from '@testing-library/react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fr from '@web/i18n/fr.json';
import type { Catalogue } from '@web/i18n/screen-catalogues';

const french: Record<string, string> = fr;
const loadScreen = vi.fn<(screen: string, deliver: (messages: Catalogue) => void) => Promise<void>>();
const catalogueModule = vi.fn(() => ({ shell: { 'app.navBar.collections': parse(french['app.navBar.collections']!) }, loadScreen }));
vi.mock('virtual:vitrine-messages/fr', () => catalogueModule());

async function freshModule() {
  vi.resetModules();
  return import('@web/i18n/load-messages');
}

function Probe({ ids }: { ids: string[] }) {
  return (
    <>
      {ids.map((id) => (
        <p key={id}>
          <FormattedMessage id={id} defaultMessage={`english ${id}`} />
        </p>
      ))}
    </>
  );
}

async function shown(loader: Awaited<ReturnType<typeof freshModule>>, ids: string[]) {
  function App() {
    return (
      <IntlProvider locale="fr-FR" defaultLocale="en-US" messages={loader.useMessages()} onError={() => undefined}>
        <Probe ids={ids} />
      </IntlProvider>
    );
  }
  return render(<App />);
}

afterEach(() => {
  loadScreen.mockReset();
  catalogueModule.mockClear();
});

describe('messages by screen', () => {
  // First: the catalogue module, once imported, stays in the module registry.
  it('asks for no catalogue in English, whose texts are the default messages', async () => {
    const loader = await freshModule();
    loader.startMessages('en_US');
    await loader.loadShellMessages();
    await loader.loadScreenMessages('collection');
    expect(catalogueModule).not.toHaveBeenCalled();
    expect(loadScreen).not.toHaveBeenCalled();
  });

  it('hydrates with a rendered page’s messages, then adds its screen’s and the shell’s', async () => {
    const loader = await freshModule();
    const sortBy = 'items.itemToolbar.sort';
    const filters = 'items.filtersPanel.title';
    expect(french[filters]).toBeDefined();
    loadScreen.mockImplementation(async (_, deliver) => deliver({ [filters]: parse(french[filters]!) }));
    loader.startMessages('fr_FR', { [sortBy]: parse(french[sortBy]!) });
    await shown(loader, [sortBy, filters, 'app.navBar.collections']);
    // Before anything was downloaded: the page's own messages only.
    expect(screen.getByText('Trier par')).toBeTruthy();
    expect(catalogueModule).not.toHaveBeenCalled();
    await act(() => loader.loadScreenMessages('collection'));
    expect(loadScreen).toHaveBeenCalledWith('collection', expect.any(Function));
    expect(screen.getByText(french[filters]!)).toBeTruthy();
    expect(screen.getByText(french['app.navBar.collections']!)).toBeTruthy();
    expect(screen.queryByText(/^english /)).toBeNull();
  });

  it('hands each screen to the catalogue’s loader', async () => {
    const loader = await freshModule();
    loadScreen.mockResolvedValue(undefined);
    loader.startMessages('fr_FR');
    await loader.loadShellMessages();
    await loader.loadScreenMessages('about');
    await loader.loadScreenMessages('lending');
    expect(loadScreen.mock.calls.map(([name]) => name)).toEqual(['about', 'lending']);
  });

  it('rejects a failed load, so the screen shows its error, and tries again next time', async () => {
    const loader = await freshModule();
    loadScreen.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(undefined);
    loader.startMessages('fr_FR');
    await expect(loader.loadScreenMessages('about')).rejects.toThrow('Failed to fetch');
    await expect(loader.loadScreenMessages('about')).resolves.toBeUndefined();
    expect(loadScreen).toHaveBeenCalledTimes(2);
  });
});

describe('a screen’s catalogue loader', () => {
  it('delivers each screen once, and tries a failed one again', async () => {
    const { screenLoader } = await import('@web/i18n/screen-catalogues');
    const messages = { 'app.about.title': parse('À propos') };
    const about = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ default: messages });
    const load = screenLoader({ about });
    const deliver = vi.fn();
    await expect(load('about', deliver)).rejects.toThrow('Failed to fetch');
    await load('about', deliver);
    await load('about', deliver);
    expect(about).toHaveBeenCalledTimes(2);
    expect(deliver).toHaveBeenCalledTimes(1);
    expect(deliver).toHaveBeenCalledWith(messages);
    // A screen without messages of its own still resolves.
    await expect(load('not-found', deliver)).resolves.toBeUndefined();
  });
});
