// GET /api/v1/ — product name, API version and demo mode; read by the nav, home, sign-in and about.
import useSWR from 'swr';
import type { ApiInfo } from '../../../shared/schemas/meta';
import { apiRequest } from './api-client';

export const API_INFO_KEY = '/';

export function getApiInfo(): Promise<ApiInfo> {
  return apiRequest<ApiInfo>(API_INFO_KEY);
}

export function useApiInfo() {
  return useSWR<ApiInfo>(API_INFO_KEY, getApiInfo, { revalidateOnFocus: false });
}
