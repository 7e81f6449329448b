// GET and PATCH /config/settings: the instance's settings, for the built-in administrator. A change also
// refreshes the public settings every screen reads (whether lending shows, the instance's name).
import useSWR, { useSWRConfig } from 'swr';
import { publicSettings, type Settings, type UpdateSettingsInput } from '@shared/schemas/settings';
import { apiRequest } from '@web/lib/api-client';
import { PUBLIC_SETTINGS_KEY } from '@web/lib/use-settings';

export const CONFIG_SETTINGS_KEY = '/config/settings';

export function useConfigSettings() {
  return useSWR<Settings>(CONFIG_SETTINGS_KEY, (key: string) => apiRequest<Settings>(key));
}

export function useSaveSettings() {
  const { mutate } = useSWRConfig();
  return async (changes: UpdateSettingsInput) => {
    const saved = await apiRequest<Settings>(CONFIG_SETTINGS_KEY, { method: 'PATCH', body: changes });
    await mutate(CONFIG_SETTINGS_KEY, saved, { revalidate: false });
    await mutate(PUBLIC_SETTINGS_KEY, publicSettings.parse(saved), { revalidate: false });
    return saved;
  };
}
