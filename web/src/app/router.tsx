// Every screen is its own chunk, loaded when first visited (docs/product.md §2), with its messages in the
// visitor's language beside it (i18n/load-messages.ts). Patterns come from lib/paths.ts.
import type { ComponentType } from 'react';
import { loadScreenMessages } from '../i18n/load-messages';
import { routeTree } from './route-tree';
import type { ScreenName } from './route-tree';

const screens: Record<ScreenName, () => Promise<{ default: ComponentType }>> = {
  home: () => import('./routes/home'),
  login: () => import('./routes/login'),
  'reset-password': () => import('./routes/reset-password'),
  invitation: () => import('./routes/invitation'),
  profile: () => import('./routes/profile'),
  'profile-email-confirm': () => import('./routes/profile-email-confirm'),
  about: () => import('./routes/about'),
  'collection-new': () => import('./routes/collection-new'),
  collection: () => import('./routes/collection'),
  'collection-manage': () => import('./routes/collection-manage'),
  'collection-edit': () => import('./routes/collection-edit'),
  'collection-delete': () => import('./routes/collection-delete'),
  'collection-import': () => import('./routes/collection-import'),
  'collection-import-run': () => import('./routes/collection-import-run'),
  'collection-import-item': () => import('./routes/collection-import-item'),
  'collection-source-queue': () => import('./routes/collection-source-queue'),
  'collection-labels': () => import('./routes/collection-labels'),
  'property-new': () => import('./routes/property-new'),
  'property-edit': () => import('./routes/property-edit'),
  'property-delete': () => import('./routes/property-delete'),
  'item-new': () => import('./routes/item-new'),
  item: () => import('./routes/item'),
  'item-edit': () => import('./routes/item-edit'),
  'item-delete': () => import('./routes/item-delete'),
  'item-borrow': () => import('./routes/item-borrow'),
  'loan-new': () => import('./routes/loan-new'),
  'loan-edit': () => import('./routes/loan-edit'),
  'loan-delete': () => import('./routes/loan-delete'),
  'borrow-status': () => import('./routes/borrow-status'),
  'hold-offer': () => import('./routes/hold-offer'),
  'borrower-page': () => import('./routes/borrower-page'),
  'borrower-link': () => import('./routes/borrower-link'),
  borrowers: () => import('./routes/borrowers'),
  lending: () => import('./routes/lending'),
  'borrower-new': () => import('./routes/borrower-new'),
  borrower: () => import('./routes/borrower'),
  'borrower-edit': () => import('./routes/borrower-edit'),
  'borrower-delete': () => import('./routes/borrower-delete'),
  'config-layout': () => import('./routes/config-layout'),
  'config-settings': () => import('./routes/config-settings'),
  'config-users': () => import('./routes/config-users'),
  'config-backups': () => import('./routes/config-backups'),
  'config-emails': () => import('./routes/config-emails'),
  'config-modules': () => import('./routes/config-modules'),
  'config-user-new': () => import('./routes/config-user-new'),
  'config-user-edit': () => import('./routes/config-user-edit'),
  'config-user-delete': () => import('./routes/config-user-delete'),
  'not-found': () => import('./routes/not-found'),
};

export const routes = routeTree((name) => ({
  // Named after the screen, so a page hydrated in the browser can say its screen's messages have come.
  id: name,
  lazy: async () => ({ Component: (await screens[name]()).default }),
  // Run beside lazy: the screen shows once its code and its messages are both there, or its error.
  loader: async () => {
    await loadScreenMessages(name);
    return null;
  },
  // A screen's messages come once: a change of its address (a filter, a page) must not wait for them
  // again, nor be held while another change is under way, which would drop one of the two.
  shouldRevalidate: () => false,
}));
