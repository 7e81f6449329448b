// Entry: settle the language first (a first visit stores it and reloads), then load only that catalogue.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadMessages } from './i18n/load-messages';
import { resolveStartupLocale, toIntlLocale } from './i18n/locale';
import './styles.css';

const container = document.getElementById('root');

void resolveStartupLocale().then(async (locale) => {
  if (!locale || !container) return;
  document.documentElement.lang = toIntlLocale(locale);
  const messages = await loadMessages(locale);
  createRoot(container).render(
    <StrictMode>
      <App locale={locale} messages={messages} />
    </StrictMode>,
  );
});
