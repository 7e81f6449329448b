// GET /api/v1/ — product name, API version and demo mode; read by the nav, home, sign-in and about.
import { PUBLIC_SETTINGS_KEY } from './use-settings';
import useSWR from 'swr';
import type { ApiInfo } from '@shared/schemas/meta';
import { apiRequest } from './api-client';

export const API_INFO_KEY = '/';

/**
 * Answers that are the same for every visitor (the API's description, the public settings): kept when
 * signing in or out forgets everything the previous visitor's requests cached.
 */
export function isVisitorIndependent(key: unknown): boolean {
  return key === API_INFO_KEY || key === PUBLIC_SETTINGS_KEY;
}

export function getApiInfo(): Promise<ApiInfo> {
  return apiRequest<ApiInfo>(API_INFO_KEY);
}

export function useApiInfo() {
  // The same for the whole visit: asked once, not again by each screen that mounts.
  return useSWR<ApiInfo>(API_INFO_KEY, getApiInfo, { revalidateOnFocus: false, revalidateIfStale: false });
}
