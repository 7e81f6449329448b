// A collection's property as a source's mapping sees it, for the tests of putting a hit into an item
// (shared/sources/mapping.ts and the web's fill form): single, optional and with no role unless the
// test gives it one.
import type { MappableProperty } from '@shared/sources/mapping';

export const mappableProperty = (key: string, type: MappableProperty['type'], flags: Partial<MappableProperty> = {}): MappableProperty => ({
  key,
  type,
  multiple: false,
  required: false,
  isTitle: false,
  isSubtitle: false,
  isCover: false,
  isReference: false,
  ...flags,
});
