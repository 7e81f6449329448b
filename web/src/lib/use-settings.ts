// The instance's public settings (GET /settings): whether lending is on decides whether its screens,
// links and badges exist; the instance's name is in titles and the navigation bar. Revalidated after
// the administrator changes them.
import useSWR from 'swr';
import { PRODUCT_NAME } from '@shared/constants';
import type { PublicSettings } from '@shared/schemas/settings';
import { apiRequest } from './api-client';

export const PUBLIC_SETTINGS_KEY = '/settings';

export function usePublicSettings() {
  // Not asked again by each screen that mounts: a move inside the app then costs only its screen's own
  // request. Still refreshed when the window regains focus, and after the administrator saves them.
  return useSWR<PublicSettings>(PUBLIC_SETTINGS_KEY, (key: string) => apiRequest<PublicSettings>(key), { revalidateIfStale: false });
}

/** The name the administrator gave this instance (the product's name while the settings load). */
export function useInstanceName(): string {
  return usePublicSettings().data?.instanceName ?? PRODUCT_NAME;
}

/** True once the settings say lending is on; false while they load or when it is off. */
export function useLoansEnabled(): boolean {
  return usePublicSettings().data?.loansEnabled === true;
}
