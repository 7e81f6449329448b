import { describe, expect, it } from 'vitest';
import fr from '@web/i18n/fr.json';
import { loadMessages } from '@web/i18n/load-messages';

describe('loadMessages', () => {
  it('downloads no catalogue for English, whose texts are the default messages', async () => {
    expect(await loadMessages('en_US')).toEqual({});
  });

  it('loads the French catalogue', async () => {
    expect(await loadMessages('fr_FR')).toEqual(fr);
  });
});
