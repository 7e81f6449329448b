// /collections/:id/sources: the metadata sources a collection offers, a search across them, where the
// collection puts each field of a hit, and a hit's cover fetched into the collection. Result covers load
// through /source-cover with the media ticket (an <img> sends no bearer header).
import useSWR from 'swr';
import type {
  ExternalModule,
  ExternalUpgradeResult,
  SourceId,
  SourceMapping,
  SourceModule,
  SourceModuleTest,
  SourceOffer,
  SourceSearchResult,
} from '@shared/schemas/sources';
import { apiRequest, apiUrl } from '@web/lib/api-client';

export const sourcesKey = (collectionId: number) => `/collections/${collectionId}/sources`;

export function useSourceOffers(collectionId: number) {
  return useSWR<{ sources: SourceOffer[]; mapping: SourceMapping | null }>(sourcesKey(collectionId), (key: string) =>
    apiRequest<{ sources: SourceOffer[]; mapping: SourceMapping | null }>(key),
  );
}

/** The search of `q` (null: nothing asked yet); each query's answer is kept while the page is open. */
export function useSourceSearch(collectionId: number, q: string | null, source: SourceId | null) {
  const key = q ? `${sourcesKey(collectionId)}/search?q=${encodeURIComponent(q)}${source ? `&source=${source}` : ''}` : null;
  return useSWR<SourceSearchResult>(key, (path: string) => apiRequest<SourceSearchResult>(path), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}

export function saveSourceMapping(collectionId: number, mapping: SourceMapping): Promise<{ mapping: SourceMapping }> {
  return apiRequest<{ mapping: SourceMapping }>(`${sourcesKey(collectionId)}/mapping`, { method: 'PUT', body: { mapping } });
}

/** Stores the picture at `address` in the collection: its media:// value. */
export async function fetchSourceCover(collectionId: number, address: string): Promise<string> {
  return (await apiRequest<{ value: string }>(`${sourcesKey(collectionId)}/cover`, { method: 'POST', body: { address } })).value;
}

/** Where the browser loads a hit's picture from, or null while the ticket is on its way. */
export function sourceCoverUrl(address: string, ticket: string | null): string | null {
  return ticket ? `${apiUrl('/source-cover')}?address=${encodeURIComponent(address)}&t=${encodeURIComponent(ticket)}` : null;
}

export const SOURCE_MODULES_KEY = '/config/modules';

export interface SourceModules {
  sources: SourceModule[];
  external: ExternalModule[];
}

/** Configuration → Modules: every source with its state, then the external modules (the built-in administrator's). */
export function useSourceModules() {
  return useSWR<SourceModules>(SOURCE_MODULES_KEY, (key: string) => apiRequest<SourceModules>(key));
}

/** Turns a source on or off, or saves (or, with null, forgets) its key; a key left out is kept. */
export function saveSourceModule(id: SourceId, change: { enabled?: boolean; key?: string | null }): Promise<SourceModule> {
  return apiRequest<SourceModule>(`${SOURCE_MODULES_KEY}/${id}`, { method: 'PUT', body: change });
}

export function testSourceModule(id: SourceId): Promise<SourceModuleTest> {
  return apiRequest<SourceModuleTest>(`${SOURCE_MODULES_KEY}/${id}/test`, { method: 'POST' });
}

/** Registers an external module by its base address (its manifest is read first). */
export function registerExternalModule(address: string): Promise<ExternalModule> {
  return apiRequest<ExternalModule>(`${SOURCE_MODULES_KEY}/external`, { method: 'POST', body: { address } });
}

export function saveExternalModule(module: ExternalModule, enabled: boolean): Promise<ExternalModule> {
  return apiRequest<ExternalModule>(`${SOURCE_MODULES_KEY}/external/${module.number}`, { method: 'PUT', body: { enabled } });
}

export function removeExternalModule(module: ExternalModule): Promise<void> {
  return apiRequest<void>(`${SOURCE_MODULES_KEY}/external/${module.number}`, { method: 'DELETE' });
}

/** Reads every external module's manifest again: what changed for each, and the modules now. */
export function upgradeExternalModules(): Promise<ExternalUpgradeResult> {
  return apiRequest<ExternalUpgradeResult>(`${SOURCE_MODULES_KEY}/upgrade`, { method: 'POST' });
}
