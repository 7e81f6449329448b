// Filter parameters of the item list (shared/schemas/items.ts): `f.<key>`, `min.<key>`, `max.<key>`.
// Copied as literals so the SPA does not bundle zod with the schemas; the types tie them to the contract,
// so a change there fails the type check here.
import type * as ItemSchemas from '../../../../../shared/schemas/items';

export const FILTER_PREFIX: typeof ItemSchemas.FILTER_PREFIX = 'f.';
export const MIN_PREFIX: typeof ItemSchemas.MIN_PREFIX = 'min.';
export const MAX_PREFIX: typeof ItemSchemas.MAX_PREFIX = 'max.';
