// How emails name an account: its first name (a greeting) or full name (an owner), else its username;
// the built-in administrator without a name is "Administrator" in the email's language.
import { hasDefaultAdminName, ownFirstName } from '@shared/admin-name';
import type { Locale } from '@shared/constants';
import { translate } from '../i18n/messages';

interface Named {
  username: string;
  firstName: string | null;
  lastName: string | null;
}

export function greetingName(locale: Locale, user: Named): string {
  return hasDefaultAdminName(user) ? translate(locale, 'user.builtinAdminName') : ownFirstName(user) || user.username;
}

/** A loan row's owner name (null for the built-in administrator without one, see LOAN_SELECT) in this language. */
export function ownerNameIn(locale: Locale, ownerName: string | null): string {
  return ownerName ?? translate(locale, 'user.builtinAdminName');
}
