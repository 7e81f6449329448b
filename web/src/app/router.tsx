// Every screen is its own chunk, loaded when first visited (spec §2).
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../components/loading';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        hydrateFallbackElement: <Loading />,
        children: [
          { index: true, lazy: page(() => import('./routes/home')) },
          { path: 'login', lazy: page(() => import('./routes/login')) },
          { path: 'resetpassword', lazy: page(() => import('./routes/reset-password')) },
          { path: 'profile', lazy: page(() => import('./routes/profile')) },
          { path: 'profile/email/confirm', lazy: page(() => import('./routes/profile-email-confirm')) },
          { path: 'about', lazy: page(() => import('./routes/about')) },
          { path: 'collection/new', lazy: page(() => import('./routes/collection-new')) },
          { path: 'collection/:cid', lazy: page(() => import('./routes/collection')) },
          { path: 'collection/:cid/manage', lazy: page(() => import('./routes/collection-manage')) },
          { path: 'collection/:cid/manage/edit', lazy: page(() => import('./routes/collection-edit')) },
          { path: 'collection/:cid/manage/delete', lazy: page(() => import('./routes/collection-delete')) },
          { path: 'collection/:cid/manage/property/new', lazy: page(() => import('./routes/property-new')) },
          { path: 'collection/:cid/manage/property/:id', lazy: page(() => import('./routes/property-edit')) },
          {
            path: 'collection/:cid/manage/property/:id/delete',
            lazy: page(() => import('./routes/property-delete')),
          },
          { path: 'collection/:cid/item/new', lazy: page(() => import('./routes/item-new')) },
          { path: 'collection/:cid/item/:id', lazy: page(() => import('./routes/item')) },
          { path: 'collection/:cid/item/:id/edit', lazy: page(() => import('./routes/item-edit')) },
          { path: 'collection/:cid/item/:id/delete', lazy: page(() => import('./routes/item-delete')) },
          {
            path: 'config',
            lazy: page(() => import('./routes/config-layout')),
            children: [
              { index: true, lazy: page(() => import('./routes/config-users')) },
              { path: 'users', lazy: page(() => import('./routes/config-users')) },
              { path: 'users/new', lazy: page(() => import('./routes/config-user-new')) },
              { path: 'users/:id', lazy: page(() => import('./routes/config-user-edit')) },
              { path: 'users/:id/delete', lazy: page(() => import('./routes/config-user-delete')) },
            ],
          },
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];
