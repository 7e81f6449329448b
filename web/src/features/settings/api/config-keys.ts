// GET /config/keys, PUT and DELETE /config/keys/{name}: the instance's custom configuration keys, for
// the built-in administrator. Each change reads the list again.
import useSWR, { useSWRConfig } from 'swr';
import type { ConfigKey, ConfigKeyList } from '@shared/schemas/settings';
import { apiRequest } from '@web/lib/api-client';

export const CONFIG_KEYS_KEY = '/config/keys';

const keyPath = (name: string) => `${CONFIG_KEYS_KEY}/${encodeURIComponent(name)}`;

export function useConfigKeys() {
  return useSWR<ConfigKeyList>(CONFIG_KEYS_KEY, (key: string) => apiRequest<ConfigKeyList>(key));
}

export function useConfigKeyChanges() {
  const { mutate } = useSWRConfig();
  return {
    save: async (name: string, value: string) => {
      const saved = await apiRequest<ConfigKey>(keyPath(name), { method: 'PUT', body: { value } });
      await mutate(CONFIG_KEYS_KEY);
      return saved;
    },
    remove: async (name: string) => {
      await apiRequest<void>(keyPath(name), { method: 'DELETE' });
      await mutate(CONFIG_KEYS_KEY);
    },
  };
}
