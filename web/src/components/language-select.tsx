import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { DEFAULT_LOCALE, LOCALES, isLocale } from '@shared/constants';
import { LANGUAGE_NAMES, changeLocale, storedLocale } from '../i18n/locale';

const messages = defineMessages({
  label: { id: 'components.languageSelect.label', defaultMessage: 'Language' },
});

/** Saves the chosen language and reloads, so the new catalogue is the only one loaded. */
export function LanguageSelect() {
  const intl = useIntl();
  const id = useId();
  const current = storedLocale() ?? DEFAULT_LOCALE;
  return (
    <div className="language-select">
      <label htmlFor={id} className="visually-hidden">
        {intl.formatMessage(messages.label)}
      </label>
      <select
        id={id}
        className="language-select__input"
        value={current}
        onChange={(event) => {
          const value = event.target.value;
          if (isLocale(value) && value !== current) changeLocale(value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale.slice(0, 2)}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
