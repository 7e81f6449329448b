// The API paths a public screen is known to ask for before it has any data, fetched together with the
// first render rather than after it: a page then renders twice instead of four times. A hint that no
// screen asks for any more costs one unused request, and the render loop still finds what it needs.
import { matchPath } from 'react-router-dom';
import { paths } from '../lib/paths';

const SHELL = ['/settings', '/'];

export function screenHints(pathname: string): string[] {
  if (pathname === '/') return [...SHELL, '/collections'];
  const borrow = matchPath(paths.itemBorrow.pattern, pathname);
  if (borrow) return [...SHELL, `/collections/${borrow.params.cid}`, `/collections/${borrow.params.cid}/items/${borrow.params.id}`];
  const item = matchPath(paths.item.pattern, pathname);
  if (item) {
    const { cid, id } = item.params;
    return [...SHELL, `/collections/${cid}`, `/collections/${cid}/items/${id}`, `/collections/${cid}/properties`];
  }
  const collection = matchPath(paths.collection.pattern, pathname);
  if (collection) {
    const { cid } = collection.params;
    return [...SHELL, `/collections/${cid}`, `/collections/${cid}/properties`, `/collections/${cid}/recent`];
  }
  return SHELL;
}
