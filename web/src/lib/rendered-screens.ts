// The public screens the Worker renders (a shared link, a QR label): answered as HTML on a first load,
// and as one GET /screen inside the app (web/src/lib/screen-prefetch.ts).
import { matchPath } from 'react-router-dom';
import { paths } from './paths';

const RENDERED = [paths.home.pattern, paths.collection.pattern, paths.item.pattern, paths.itemBorrow.pattern];

export function isRenderedScreen(pathname: string): boolean {
  return RENDERED.some((pattern) => matchPath(pattern, pathname) !== null);
}
