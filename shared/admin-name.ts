// The built-in administrator has no name of its own: each reader sees "Administrator" in their
// language (the web's messages, the Worker's emails) rather than one stored in English.
import { BUILTIN_ADMIN_USERNAME } from './constants';

/** The first name first start stored before the name followed the reader's language: read as none. */
export const LEGACY_ADMIN_FIRST_NAME = 'Administrator';

interface Named {
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/** The first name as shown and edited: the legacy English default of the built-in administrator is no name. */
export const ownFirstName = (user: Named) =>
  user.username === BUILTIN_ADMIN_USERNAME && user.firstName === LEGACY_ADMIN_FIRST_NAME ? null : user.firstName;

/** The built-in administrator without a name given since: shown as "Administrator" in the reader's language. */
export const hasDefaultAdminName = (user: Named) => user.username === BUILTIN_ADMIN_USERNAME && !ownFirstName(user) && !user.lastName;
