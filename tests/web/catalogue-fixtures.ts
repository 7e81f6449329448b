// Factories for catalogue records as the API answers them, and a scripted API for the screens.
import type { Collection } from '@shared/schemas/collections';
import type { FilterFacet, Item, ItemPage, ItemSummary } from '@shared/schemas/items';
import type { Property } from '@shared/schemas/properties';
import { apiInfo, json } from './helpers';
import type { RecordedCall } from './helpers';

export function makeCollection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: 3,
    ownerId: 7,
    ownerName: 'alice',
    type: 'books',
    name: 'My books',
    description: 'Everything on the shelves',
    image: null,
    tags: ['sci-fi'],
    visibility: 0,
    borrowable: 3,
    loanPeriodDays: 21,
    reminderDays: 2,
    offerDays: 3,
    itemCount: 2,
    isOwner: true,
    role: overrides.isOwner === false ? null : 'owner',
    covers: [],
    pendingRequests: 0,
    version: 1,
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}

let nextPropertyId = 100;

/** Every flag of a property, off: how the property form starts. */
export const PROPERTY_FLAGS_OFF = {
  hideLabel: false,
  inSummary: false,
  isTitle: false,
  isSubtitle: false,
  isCover: false,
  isReference: false,
  multiple: false,
  required: false,
  filterable: false,
  searchable: false,
  sortable: false,
} satisfies Partial<Property>;

export function makeProperty(overrides: Partial<Property> & Pick<Property, 'key' | 'label' | 'type'>): Property {
  nextPropertyId += 1;
  return {
    id: nextPropertyId,
    collectionId: 3,
    description: null,
    displayOrder: nextPropertyId,
    suffix: null,
    defaultValue: null,
    ...PROPERTY_FLAGS_OFF,
    visibility: 0,
    version: 1,
    ...overrides,
  };
}

export function makeSummary(id: number, title: string, overrides: Partial<ItemSummary> = {}): ItemSummary {
  return {
    id,
    title,
    subtitle: null,
    cover: null,
    reference: null,
    summary: {},
    quantity: 1,
    lent: 0,
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-15T10:00:00.000Z',
    ...overrides,
  };
}

export function makeItem(overrides: Partial<Item> = {}): Item {
  return {
    id: 9,
    collectionId: 3,
    quantity: 1,
    visibility: null,
    borrowable: null,
    values: {},
    title: 'Dune',
    subtitle: null,
    cover: null,
    reference: null,
    isOwner: true,
    availability: null,
    canBorrow: false,
    version: 1,
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-15T10:00:00.000Z',
    ...overrides,
  };
}

export function itemPage(items: ItemSummary[], overrides: Partial<ItemPage> = {}): ItemPage {
  return { items, total: items.length, totalEstimated: false, page: 1, perPage: 50, ...overrides };
}

interface CatalogueApi {
  collection?: Collection;
  properties?: Property[];
  items?: (call: RecordedCall, url: URL) => ItemPage;
  filters?: FilterFacet[];
  item?: Item;
  demo?: boolean;
  /** Answers calls the defaults do not cover (writes); return undefined to fall through. */
  other?: (call: RecordedCall, url: URL) => Response | undefined;
}

/** A fetch handler that answers the catalogue's reads for collection 3. */
export function catalogueApi(api: CatalogueApi) {
  return (call: RecordedCall): Response => {
    const url = new URL(call.url, 'http://localhost');
    const custom = api.other?.(call, url);
    if (custom) return custom;
    const path = url.pathname;
    if (path === '/api/v1/') return json(apiInfo(api.demo ?? false));
    if (path === '/api/v1/media-ticket') return json({ ticket: 'tkt', expiresAt: '2026-03-14T11:00:00.000Z' });
    if (call.method === 'GET') {
      if (path === '/api/v1/collections/3') return json(api.collection ?? makeCollection());
      if (path === '/api/v1/collections/3/properties') return json({ properties: api.properties ?? [] });
      if (path === '/api/v1/collections/3/items') return json(api.items ? api.items(call, url) : itemPage([]));
      if (path === '/api/v1/collections/3/filters') return json({ filters: api.filters ?? [] });
      if (path === '/api/v1/collections/3/recent') return json({ added: [], edited: [] });
      if (api.item && path === `/api/v1/collections/3/items/${api.item.id}`) return json(api.item);
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found', details: null } }, { status: 404 });
  };
}
