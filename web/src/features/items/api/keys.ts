// API paths of a collection's items; SWR keys are these paths.

export const collectionPath = (collectionId: number | string) => `/collections/${collectionId}`;
export const itemsPath = (collectionId: number | string) => `${collectionPath(collectionId)}/items`;
export const itemPath = (collectionId: number | string, id: number | string) => `${itemsPath(collectionId)}/${id}`;

/** A path with a query string, when there is one. */
export function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}
