// Every route of the SPA in one place, so links and the router agree.

type Id = number | string;

export const paths = {
  home: '/',
  login: '/login',
  resetPassword: '/resetpassword',
  profile: '/profile/',
  about: '/about',
  borrowers: '/borrowers',
  config: '/config/',
  configUsers: '/config/users',
  configUserNew: '/config/users/new',
  configUser: (id: number | string) => `/config/users/${id}`,
  configUserDelete: (id: number | string) => `/config/users/${id}/delete`,
  collectionNew: '/collection/new',
  collection: (cid: Id) => `/collection/${cid}`,
  collectionManage: (cid: Id) => `/collection/${cid}/manage`,
  collectionEdit: (cid: Id) => `/collection/${cid}/manage/edit`,
  collectionDelete: (cid: Id) => `/collection/${cid}/manage/delete`,
  propertyNew: (cid: Id) => `/collection/${cid}/manage/property/new`,
  property: (cid: Id, id: Id) => `/collection/${cid}/manage/property/${id}`,
  propertyDelete: (cid: Id, id: Id) => `/collection/${cid}/manage/property/${id}/delete`,
  itemNew: (cid: Id) => `/collection/${cid}/item/new`,
  item: (cid: Id, id: Id) => `/collection/${cid}/item/${id}`,
  itemEdit: (cid: Id, id: Id) => `/collection/${cid}/item/${id}/edit`,
  itemDelete: (cid: Id, id: Id) => `/collection/${cid}/item/${id}/delete`,
} as const;

/** A route parameter that names a record: digits only, else the screen is "not found". */
export function recordId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Messages carried to the next screen after an action (router location state). */
export type Flash = 'operationSucceeded';

export function readFlash(state: unknown): Flash | null {
  return (state as { flash?: unknown } | null)?.flash === 'operationSucceeded' ? 'operationSucceeded' : null;
}
