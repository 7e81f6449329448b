// The instance's public settings (GET /settings): whether lending is on decides whether its screens,
// links and badges exist; the instance's name is in titles and the navigation bar. Revalidated after
// the administrator changes them.
import useSWR from 'swr';
import { PRODUCT_NAME } from '../../../shared/constants';
import type { PublicSettings } from '../../../shared/schemas/settings';
import { apiRequest } from './api-client';

export const PUBLIC_SETTINGS_KEY = '/settings';

export function usePublicSettings() {
  return useSWR<PublicSettings>(PUBLIC_SETTINGS_KEY, (key: string) => apiRequest<PublicSettings>(key));
}

/** The name the administrator gave this instance (the product's name while the settings load). */
export function useInstanceName(): string {
  return usePublicSettings().data?.instanceName ?? PRODUCT_NAME;
}

/** True once the settings say lending is on; false while they load or when it is off. */
export function useLoansEnabled(): boolean {
  return usePublicSettings().data?.loansEnabled === true;
}
