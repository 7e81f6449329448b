// Where a hit's fields go while one hit is looked at: the collection's remembered mapping with the
// person's changes on top, remembered for the collection when the hit is used; and the hit's cover
// fetched into the collection, or said lost.
import { useMemo, useState } from 'react';
import type { Property } from '@shared/schemas/properties';
import type { ImportField, SourceHit, SourceMapping } from '@shared/schemas/sources';
import { effectiveSourceMapping } from '@shared/sources/mapping';
import { fetchSourceCover, saveSourceMapping, useSourceOffers } from '../api/sources';

export function useHitMapping(collectionId: number, properties: Property[]) {
  const offers = useSourceOffers(collectionId);
  const saved = offers.data?.mapping ?? null;
  const [changes, setChanges] = useState<SourceMapping>({});
  const mapping = useMemo(() => effectiveSourceMapping(properties, { ...saved, ...changes }), [properties, saved, changes]);

  return {
    mapping,
    change: (field: ImportField, key: string | null) => setChanges((current) => ({ ...current, [field]: key })),
    /** Saves the changes, if any, as the collection's mapping. */
    async remember() {
      if (Object.keys(changes).length === 0) return;
      const { mapping: remembered } = await saveSourceMapping(collectionId, { ...saved, ...changes });
      // The next hit chosen on this page starts from what was just remembered.
      if (offers.data) void offers.mutate({ ...offers.data, mapping: remembered }, { revalidate: false });
    },
  };
}

/** The hit's cover stored in the collection when the mapping takes it: its media value by address. */
export async function storeHitCover(
  collectionId: number,
  hit: SourceHit,
  mapping: Readonly<Record<ImportField, string | null>>,
): Promise<{ covers: Map<string, string>; coverLost: boolean }> {
  const address = mapping.cover ? hit.fields.cover?.[0] : undefined;
  if (!address) return { covers: new Map(), coverLost: false };
  try {
    return { covers: new Map([[address, await fetchSourceCover(collectionId, address)]]), coverLost: false };
  } catch {
    return { covers: new Map(), coverLost: true };
  }
}

/** Each cover address standing for itself: what a preview shows before anything is fetched. */
export const unfetchedCovers = (hit: SourceHit) => new Map((hit.fields.cover ?? []).map((a) => [a, a]));
