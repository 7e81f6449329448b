// Only the active language's catalogue is downloaded: each JSON file is its own chunk.
import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '@shared/constants';

/** Strings, or in the browser's build already parsed (compiled-catalogues.ts), which react-intl takes alike. */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

export async function loadMessages(locale: Locale): Promise<Messages> {
  // en.json is extracted from the code's default messages (npm run i18n:check keeps them equal), and the
  // app's default locale is English: an English visitor needs no catalogue, only French ones do.
  if (locale !== 'fr_FR') return {};
  return (await import('./fr.json')).default as Messages;
}
