// The SWR fetcher: keys are API paths ("/profile", "/users/3").
import { apiRequest } from './api-client';

export function fetcher<T>(path: string): Promise<T> {
  return apiRequest<T>(path);
}
