// Only the active language's catalogue is downloaded: each JSON file is its own chunk.
import type { Locale } from '../../../shared/constants';

export type Messages = Record<string, string>;

export async function loadMessages(locale: Locale): Promise<Messages> {
  const module = locale === 'fr_FR' ? await import('./fr.json') : await import('./en.json');
  return module.default as Messages;
}
