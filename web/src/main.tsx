// Entry: settle the language first (a first visit stores it and reloads), then load only that catalogue.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadMessages } from './i18n/load-messages';
import { resolveStartupLocale, toIntlLocale } from './i18n/locale';
import './styles.css';

const locale = resolveStartupLocale();
const container = document.getElementById('root');

if (locale && container) {
  document.documentElement.lang = toIntlLocale(locale);
  void loadMessages(locale).then((messages) => {
    createRoot(container).render(
      <StrictMode>
        <App locale={locale} messages={messages} />
      </StrictMode>,
    );
  });
}
