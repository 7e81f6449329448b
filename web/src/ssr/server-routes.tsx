// The screens the Worker renders itself: the public ones a shared link or a QR label opens. Their code
// is part of the Worker; every other screen is only ever rendered by the browser.
import type { ComponentType } from 'react';
import { routeTree } from '../app/route-tree';
import type { ScreenName } from '../app/route-tree';
import Collection from '../app/routes/collection';
import Home from '../app/routes/home';
import ItemBorrow from '../app/routes/item-borrow';
import Item from '../app/routes/item';

const rendered: Partial<Record<ScreenName, ComponentType>> = { home: Home, collection: Collection, item: Item, 'item-borrow': ItemBorrow };

function NotRenderedHere() {
  return null;
}

export const serverRoutes = routeTree((name) => ({ lazy: async () => ({ Component: rendered[name] ?? NotRenderedHere }) }));
