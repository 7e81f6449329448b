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

/** What a screen's route takes from each side: its code (lazy), and in the browser its messages (loader). */
export interface ScreenRoute {
  id?: string;
  lazy: RouteObject['lazy'];
  loader?: RouteObject['loader'];
  shouldRevalidate?: RouteObject['shouldRevalidate'];
}

export function routeTree(screen: (name: ScreenName) => ScreenRoute): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        {
          errorElement: <RouteError />,
          hydrateFallbackElement: <Loading />,
          children: [
            { index: true, ...screen('home') },
            { path: paths.login.pattern, ...screen('login') },
            { path: paths.resetPassword.pattern, ...screen('reset-password') },
            { path: paths.invitation.pattern, ...screen('invitation') },
            { path: paths.profile.pattern, ...screen('profile') },
            { path: paths.profileEmailConfirm.pattern, ...screen('profile-email-confirm') },
            { path: paths.about.pattern, ...screen('about') },
            { path: paths.collectionNew.pattern, ...screen('collection-new') },
            { path: paths.collection.pattern, ...screen('collection') },
            { path: paths.collectionManage.pattern, ...screen('collection-manage') },
            { path: paths.collectionEdit.pattern, ...screen('collection-edit') },
            { path: paths.collectionDelete.pattern, ...screen('collection-delete') },
            { path: paths.collectionImport.pattern, ...screen('collection-import') },
            { path: paths.collectionImportRun.pattern, ...screen('collection-import-run') },
            { path: paths.collectionImportItem.pattern, ...screen('collection-import-item') },
            { path: paths.collectionSourceQueue.pattern, ...screen('collection-source-queue') },
            { path: paths.collectionLabels.pattern, ...screen('collection-labels') },
            { path: paths.propertyNew.pattern, ...screen('property-new') },
            { path: paths.property.pattern, ...screen('property-edit') },
            { path: paths.propertyDelete.pattern, ...screen('property-delete') },
            { path: paths.itemNew.pattern, ...screen('item-new') },
            { path: paths.item.pattern, ...screen('item') },
            { path: paths.itemEdit.pattern, ...screen('item-edit') },
            { path: paths.itemDelete.pattern, ...screen('item-delete') },
            { path: paths.itemBorrow.pattern, ...screen('item-borrow') },
            { path: paths.loanNew.pattern, ...screen('loan-new') },
            { path: paths.loan.pattern, ...screen('loan-edit') },
            { path: paths.loanDelete.pattern, ...screen('loan-delete') },
            { path: paths.borrowStatus.pattern, ...screen('borrow-status') },
            { path: paths.holdOffer.pattern, ...screen('hold-offer') },
            { path: paths.borrowerPage.pattern, ...screen('borrower-page') },
            { path: paths.borrowerLink.pattern, ...screen('borrower-link') },
            { path: paths.borrowers.pattern, ...screen('borrowers') },
            { path: paths.lending.pattern, ...screen('lending') },
            { path: paths.borrowerNew.pattern, ...screen('borrower-new') },
            { path: paths.borrower.pattern, ...screen('borrower') },
            { path: paths.borrowerEdit.pattern, ...screen('borrower-edit') },
            { path: paths.borrowerDelete.pattern, ...screen('borrower-delete') },
            {
              path: paths.config.pattern,
              ...screen('config-layout'),
              children: [
                { index: true, ...screen('config-settings') },
                { path: paths.configUsers.pattern, ...screen('config-users') },
                { path: paths.configBackups.pattern, ...screen('config-backups') },
                { path: paths.configEmails.pattern, ...screen('config-emails') },
                { path: paths.configModules.pattern, ...screen('config-modules') },
                { path: paths.configUserNew.pattern, ...screen('config-user-new') },
                { path: paths.configUser.pattern, ...screen('config-user-edit') },
                { path: paths.configUserDelete.pattern, ...screen('config-user-delete') },
              ],
            },
            { path: '*', ...screen('not-found') },
          ],
        },
      ],
    },
  ];
}
