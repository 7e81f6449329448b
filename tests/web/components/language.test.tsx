import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import { LanguageSelect } from '@web/components/language-select';
import en from '@web/i18n/en.json';
import { resolveStartupLocale, toIntlLocale } from '@web/i18n/locale';
import { json, mockFetch, stubReload } from '../helpers';

let reloadStub: ReturnType<typeof stubReload>;

beforeEach(() => {
  reloadStub = stubReload();
});

afterEach(() => {
  reloadStub.restore();
});

/** The instance follows the browser (its default setting). */
const browserDefault = async () => null;

function browserLanguage(language: string) {
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(language);
}

describe('first visit', () => {
  it('stores fr_FR for a French browser and reloads', async () => {
    browserLanguage('fr-FR');
    expect(await resolveStartupLocale(undefined, browserDefault)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('fr_FR');
    expect(reloadStub.reload).toHaveBeenCalledTimes(1);
  });

  it('stores en_US for any other browser language and reloads', async () => {
    browserLanguage('en-GB');
    expect(await resolveStartupLocale(undefined, browserDefault)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('en_US');
    expect(reloadStub.reload).toHaveBeenCalledTimes(1);
  });

  it('treats an unknown stored value as a first visit', async () => {
    browserLanguage('fr-CA');
    window.localStorage.setItem(STORAGE_KEYS.lang, 'de_DE');
    expect(await resolveStartupLocale(undefined, browserDefault)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('fr_FR');
    expect(reloadStub.reload).toHaveBeenCalledTimes(1);
  });

  it("takes the instance's default language over the browser's, as GET /settings gives it", async () => {
    browserLanguage('en-US');
    const { calls } = mockFetch(() => json({ loansEnabled: true, instanceName: 'Vitrine', defaultLanguage: 'fr_FR' }));
    expect(await resolveStartupLocale()).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/settings']);
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('fr_FR');
  });

  it('follows the browser when the instance says so, or when its settings cannot be read', async () => {
    browserLanguage('fr-BE');
    mockFetch(() => json({ loansEnabled: true, instanceName: 'Vitrine', defaultLanguage: 'browser' }));
    expect(await resolveStartupLocale()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('fr_FR');
    window.localStorage.clear();
    browserLanguage('en-US');
    mockFetch(() => {
      throw new TypeError('offline');
    });
    expect(await resolveStartupLocale()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('en_US');
  });
});

describe('later visits', () => {
  it('keeps the stored choice without reloading', async () => {
    browserLanguage('en-US');
    window.localStorage.setItem(STORAGE_KEYS.lang, 'fr_FR');
    expect(await resolveStartupLocale(undefined, browserDefault)).toBe('fr_FR');
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('fr_FR');
    expect(reloadStub.reload).not.toHaveBeenCalled();
  });

  it('maps stored locales to BCP 47 tags for react-intl', () => {
    expect(toIntlLocale('en_US')).toBe('en-US');
    expect(toIntlLocale('fr_FR')).toBe('fr-FR');
  });
});

describe('language dropdown', () => {
  function renderSelect() {
    return render(
      <IntlProvider locale="en-US" messages={en}>
        <LanguageSelect />
      </IntlProvider>,
    );
  }

  it('shows the current language and saves a new choice, then reloads', async () => {
    window.localStorage.setItem(STORAGE_KEYS.lang, 'en_US');
    renderSelect();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en_US');
    expect(screen.getByRole('option', { name: 'Français' })).toBeInTheDocument();

    await userEvent.selectOptions(select, 'Français');

    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('fr_FR');
    expect(reloadStub.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the same language is chosen again', async () => {
    window.localStorage.setItem(STORAGE_KEYS.lang, 'fr_FR');
    renderSelect();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    expect(reloadStub.reload).not.toHaveBeenCalled();
  });
});
