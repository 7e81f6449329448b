// Every route of the SPA in one place, so links and the router agree.

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
} as const;

/** Messages carried to the next screen after an action (router location state). */
export type Flash = 'operationSucceeded';

export function readFlash(state: unknown): Flash | null {
  return (state as { flash?: unknown } | null)?.flash === 'operationSucceeded' ? 'operationSucceeded' : null;
}
