// The app's screens and their addresses, once for both sides: the browser loads each screen as its own
// chunk when first visited (router.tsx); the Worker renders the public ones itself (ssr/server-routes.tsx).
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../components/loading';
import { paths } from '../lib/paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** A screen is named after its file in routes/. */
export type ScreenName =
  | 'home'
  | 'login'
  | 'reset-password'
  | 'invitation'
  | 'profile'
  | 'profile-email-confirm'
  | 'about'
  | 'collection-new'
  | 'collection'
  | 'collection-manage'
  | 'collection-edit'
  | 'collection-delete'
  | 'collection-import'
  | 'collection-import-run'
  | 'collection-import-item'
  | 'collection-source-queue'
  | 'collection-labels'
  | 'property-new'
  | 'property-edit'
  | 'property-delete'
  | 'item-new'
  | 'item'
  | 'item-edit'
  | 'item-delete'
  | 'item-borrow'
  | 'loan-new'
  | 'loan-edit'
  | 'loan-delete'
  | 'borrow-status'
  | 'hold-offer'
  | 'borrower-page'
  | 'borrower-link'
  | 'borrowers'
  | 'lending'
  | 'borrower-new'
  | 'borrower'
  | 'borrower-edit'
  | 'borrower-delete'
  | 'config-layout'
  | 'config-settings'
  | 'config-users'
  | 'config-backups'
  | 'config-emails'
  | 'config-modules'
  | 'config-user-new'
  | 'config-user-edit'
  | 'config-user-delete'
  | 'not-found';

export function routeTree(screen: (name: ScreenName) => RouteObject['lazy']): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        {
          errorElement: <RouteError />,
          hydrateFallbackElement: <Loading />,
          children: [
            { index: true, lazy: screen('home') },
            { path: paths.login.pattern, lazy: screen('login') },
            { path: paths.resetPassword.pattern, lazy: screen('reset-password') },
            { path: paths.invitation.pattern, lazy: screen('invitation') },
            { path: paths.profile.pattern, lazy: screen('profile') },
            { path: paths.profileEmailConfirm.pattern, lazy: screen('profile-email-confirm') },
            { path: paths.about.pattern, lazy: screen('about') },
            { path: paths.collectionNew.pattern, lazy: screen('collection-new') },
            { path: paths.collection.pattern, lazy: screen('collection') },
            { path: paths.collectionManage.pattern, lazy: screen('collection-manage') },
            { path: paths.collectionEdit.pattern, lazy: screen('collection-edit') },
            { path: paths.collectionDelete.pattern, lazy: screen('collection-delete') },
            { path: paths.collectionImport.pattern, lazy: screen('collection-import') },
            { path: paths.collectionImportRun.pattern, lazy: screen('collection-import-run') },
            { path: paths.collectionImportItem.pattern, lazy: screen('collection-import-item') },
            { path: paths.collectionSourceQueue.pattern, lazy: screen('collection-source-queue') },
            { path: paths.collectionLabels.pattern, lazy: screen('collection-labels') },
            { path: paths.propertyNew.pattern, lazy: screen('property-new') },
            { path: paths.property.pattern, lazy: screen('property-edit') },
            { path: paths.propertyDelete.pattern, lazy: screen('property-delete') },
            { path: paths.itemNew.pattern, lazy: screen('item-new') },
            { path: paths.item.pattern, lazy: screen('item') },
            { path: paths.itemEdit.pattern, lazy: screen('item-edit') },
            { path: paths.itemDelete.pattern, lazy: screen('item-delete') },
            { path: paths.itemBorrow.pattern, lazy: screen('item-borrow') },
            { path: paths.loanNew.pattern, lazy: screen('loan-new') },
            { path: paths.loan.pattern, lazy: screen('loan-edit') },
            { path: paths.loanDelete.pattern, lazy: screen('loan-delete') },
            { path: paths.borrowStatus.pattern, lazy: screen('borrow-status') },
            { path: paths.holdOffer.pattern, lazy: screen('hold-offer') },
            { path: paths.borrowerPage.pattern, lazy: screen('borrower-page') },
            { path: paths.borrowerLink.pattern, lazy: screen('borrower-link') },
            { path: paths.borrowers.pattern, lazy: screen('borrowers') },
            { path: paths.lending.pattern, lazy: screen('lending') },
            { path: paths.borrowerNew.pattern, lazy: screen('borrower-new') },
            { path: paths.borrower.pattern, lazy: screen('borrower') },
            { path: paths.borrowerEdit.pattern, lazy: screen('borrower-edit') },
            { path: paths.borrowerDelete.pattern, lazy: screen('borrower-delete') },
            {
              path: paths.config.pattern,
              lazy: screen('config-layout'),
              children: [
                { index: true, lazy: screen('config-settings') },
                { path: paths.configUsers.pattern, lazy: screen('config-users') },
                { path: paths.configBackups.pattern, lazy: screen('config-backups') },
                { path: paths.configEmails.pattern, lazy: screen('config-emails') },
                { path: paths.configModules.pattern, lazy: screen('config-modules') },
                { path: paths.configUserNew.pattern, lazy: screen('config-user-new') },
                { path: paths.configUser.pattern, lazy: screen('config-user-edit') },
                { path: paths.configUserDelete.pattern, lazy: screen('config-user-delete') },
              ],
            },
            { path: '*', lazy: screen('not-found') },
          ],
        },
      ],
    },
  ];
}
