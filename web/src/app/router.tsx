// Every screen is its own chunk, loaded when first visited (docs/product.md §2). Patterns come from lib/paths.ts.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../components/loading';
import { paths } from '../lib/paths';
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
          { path: paths.login.pattern, lazy: page(() => import('./routes/login')) },
          { path: paths.resetPassword.pattern, lazy: page(() => import('./routes/reset-password')) },
          { path: paths.profile.pattern, lazy: page(() => import('./routes/profile')) },
          { path: paths.profileEmailConfirm.pattern, lazy: page(() => import('./routes/profile-email-confirm')) },
          { path: paths.about.pattern, lazy: page(() => import('./routes/about')) },
          { path: paths.collectionNew.pattern, lazy: page(() => import('./routes/collection-new')) },
          { path: paths.collection.pattern, lazy: page(() => import('./routes/collection')) },
          { path: paths.collectionManage.pattern, lazy: page(() => import('./routes/collection-manage')) },
          { path: paths.collectionEdit.pattern, lazy: page(() => import('./routes/collection-edit')) },
          { path: paths.collectionDelete.pattern, lazy: page(() => import('./routes/collection-delete')) },
          { path: paths.collectionImport.pattern, lazy: page(() => import('./routes/collection-import')) },
          { path: paths.collectionImportRun.pattern, lazy: page(() => import('./routes/collection-import-run')) },
          { path: paths.collectionImportItem.pattern, lazy: page(() => import('./routes/collection-import-item')) },
          { path: paths.collectionSourceQueue.pattern, lazy: page(() => import('./routes/collection-source-queue')) },
          { path: paths.collectionLabels.pattern, lazy: page(() => import('./routes/collection-labels')) },
          { path: paths.propertyNew.pattern, lazy: page(() => import('./routes/property-new')) },
          { path: paths.property.pattern, lazy: page(() => import('./routes/property-edit')) },
          { path: paths.propertyDelete.pattern, lazy: page(() => import('./routes/property-delete')) },
          { path: paths.itemNew.pattern, lazy: page(() => import('./routes/item-new')) },
          { path: paths.item.pattern, lazy: page(() => import('./routes/item')) },
          { path: paths.itemEdit.pattern, lazy: page(() => import('./routes/item-edit')) },
          { path: paths.itemDelete.pattern, lazy: page(() => import('./routes/item-delete')) },
          { path: paths.itemBorrow.pattern, lazy: page(() => import('./routes/item-borrow')) },
          { path: paths.loanNew.pattern, lazy: page(() => import('./routes/loan-new')) },
          { path: paths.loan.pattern, lazy: page(() => import('./routes/loan-edit')) },
          { path: paths.loanDelete.pattern, lazy: page(() => import('./routes/loan-delete')) },
          { path: paths.borrowStatus.pattern, lazy: page(() => import('./routes/borrow-status')) },
          { path: paths.borrowers.pattern, lazy: page(() => import('./routes/borrowers')) },
          { path: paths.lending.pattern, lazy: page(() => import('./routes/lending')) },
          { path: paths.borrowerNew.pattern, lazy: page(() => import('./routes/borrower-new')) },
          { path: paths.borrower.pattern, lazy: page(() => import('./routes/borrower')) },
          { path: paths.borrowerEdit.pattern, lazy: page(() => import('./routes/borrower-edit')) },
          { path: paths.borrowerDelete.pattern, lazy: page(() => import('./routes/borrower-delete')) },
          {
            path: paths.config.pattern,
            lazy: page(() => import('./routes/config-layout')),
            children: [
              { index: true, lazy: page(() => import('./routes/config-settings')) },
              { path: paths.configUsers.pattern, lazy: page(() => import('./routes/config-users')) },
              { path: paths.configBackups.pattern, lazy: page(() => import('./routes/config-backups')) },
              { path: paths.configEmails.pattern, lazy: page(() => import('./routes/config-emails')) },
              { path: paths.configModules.pattern, lazy: page(() => import('./routes/config-modules')) },
              { path: paths.configUserNew.pattern, lazy: page(() => import('./routes/config-user-new')) },
              { path: paths.configUser.pattern, lazy: page(() => import('./routes/config-user-edit')) },
              { path: paths.configUserDelete.pattern, lazy: page(() => import('./routes/config-user-delete')) },
            ],
          },
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];
