// Every route of the SPA in one place: the router matches each `pattern`, and links and navigations
// call the same entry for an address (paths.item(cid, id)), so the two cannot drift apart.

type Id = number | string;

/** The ":name" parameters of a pattern, in order. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

type IdsFor<Names extends string[]> = { [K in keyof Names]: Id };
/** One id per parameter of the pattern. */
type RouteArgs<P extends string> = IdsFor<ParamNames<P>>;

export type Route<P extends string> = ((...ids: RouteArgs<P>) => string) & { readonly pattern: P };

function route<P extends string>(pattern: P): Route<P> {
  const href = (...ids: Id[]) => {
    let next = 0;
    return pattern.replace(/:\w+/g, () => encodeURIComponent(String(ids[next++])));
  };
  return Object.assign(href as (...ids: RouteArgs<P>) => string, { pattern });
}

export const paths = {
  home: route('/'),
  login: route('/login'),
  resetPassword: route('/resetpassword'),
  profile: route('/profile/'),
  profileEmailConfirm: route('/profile/email/confirm'),
  about: route('/about'),
  borrowers: route('/borrowers'),
  borrowerNew: route('/borrowers/new'),
  /** The lending overview: requests, current and overdue loans across the user's collections. */
  lending: route('/borrowers/loans'),
  borrower: route('/borrowers/:id'),
  borrowerEdit: route('/borrowers/:id/edit'),
  borrowerDelete: route('/borrowers/:id/delete'),
  config: route('/config/'),
  configUsers: route('/config/users'),
  configBackups: route('/config/backups'),
  configEmails: route('/config/emails'),
  configModules: route('/config/modules'),
  configUserNew: route('/config/users/new'),
  configUser: route('/config/users/:id'),
  configUserDelete: route('/config/users/:id/delete'),
  collectionNew: route('/collection/new'),
  collection: route('/collection/:cid'),
  collectionManage: route('/collection/:cid/manage'),
  collectionEdit: route('/collection/:cid/manage/edit'),
  collectionDelete: route('/collection/:cid/manage/delete'),
  /** Import a file into the collection (docs/product.md §2), and one import's progress and report. */
  collectionImport: route('/collection/:cid/manage/import'),
  collectionImportRun: route('/collection/:cid/manage/import/:id'),
  /** Search and import items from metadata sources (docs/product.md §2). */
  collectionImportItem: route('/collection/:cid/import/item'),
  /** One list of ISBNs or barcodes looked up and added: its progress and what became of each code. */
  collectionSourceQueue: route('/collection/:cid/import/list/:id'),
  propertyNew: route('/collection/:cid/manage/property/new'),
  property: route('/collection/:cid/manage/property/:id'),
  propertyDelete: route('/collection/:cid/manage/property/:id/delete'),
  itemNew: route('/collection/:cid/item/new'),
  item: route('/collection/:cid/item/:id'),
  itemEdit: route('/collection/:cid/item/:id/edit'),
  itemDelete: route('/collection/:cid/item/:id/delete'),
  /** Spec §2: a visitor asks to borrow the item (the address QR labels lead to). */
  itemBorrow: route('/collection/:cid/item/:id/borrow'),
  loanNew: route('/collection/:cid/item/:iid/loan/new'),
  loan: route('/collection/:cid/item/:iid/loan/:id'),
  loanDelete: route('/collection/:cid/item/:iid/loan/:id/delete'),
  /** The requester's private page for following a borrow request (?token=). */
  borrowStatus: route('/borrow/status'),
  /** The offer of a copy to the next in a waiting list (?token=), from their email. */
  holdOffer: route('/hold/offer'),
  /** A borrower's own page, opened by the secret in its address (no account). */
  borrowerPage: route('/borrower/:secret'),
  /** An invitation by email to a shared collection, opened by the secret in its address. */
  invitation: route('/invitation/:secret'),
  /** "Get my borrower page": the link sent to an address with loans. */
  borrowerLink: route('/borrower'),
  /** Printable QR labels of a collection's items (?items=1,2,3 for a selection). */
  collectionLabels: route('/collection/:cid/labels'),
} as const;

/** A route parameter that names a record: digits only, else the screen is "not found". */
export function recordId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
