// Localized text for every error code of the contract (the SPA translates codes, never server English).
// The texts themselves are in error-catalogue.ts, which a page loads after its first paint, and the API
// client waits for before it throws: only the network's own messages are here from the start.
import { defineMessages } from 'react-intl';
import type { IntlShape } from 'react-intl';
import type { FieldIssue } from '@shared/errors';
import { isApiError } from './api-client';
import type { ApiErrorCode } from './api-client';
import type { ErrorCatalogue } from './error-catalogue';
import { isOnline } from './use-online';

const networkMessages = defineMessages({
  NETWORK: { id: 'errors.NETWORK', defaultMessage: 'The server could not be reached. Please retry.' },
  UNKNOWN: { id: 'errors.UNKNOWN', defaultMessage: 'Failed' },
  offline: { id: 'errors.NETWORK.offline', defaultMessage: 'You are offline. Try again once you are back online.' },
});

let catalogue: ErrorCatalogue | null = null;
let loading: Promise<void> | null = null;

/** For code that shows errors without waiting: the Worker's renderer, tests. */
export function provideErrorCatalogue(texts: ErrorCatalogue): void {
  catalogue = texts;
}

/** Loads the error texts once; offline, a later call tries again (the messages fall back meanwhile). */
export function loadErrorCatalogue(): Promise<void> {
  loading ??= import('./error-catalogue').then(
    (module) => provideErrorCatalogue(module.errorCatalogue),
    () => {
      loading = null;
    },
  );
  return loading;
}

const EMAIL_FIELDS = new Set(['email', 'newEmail', 'to']);

/** The message a form shows for an error: specific to its code. */
export function describeError(intl: IntlShape, error: unknown): string {
  if (!isApiError(error)) return intl.formatMessage(networkMessages.UNKNOWN);
  // No answer because the device has no network: say so rather than blaming the server.
  if (error.code === 'NETWORK') return intl.formatMessage(isOnline() ? networkMessages.NETWORK : networkMessages.offline);
  if (!catalogue) return intl.formatMessage(networkMessages.UNKNOWN);
  if (error.code === 'TOO_MANY_REQUESTS' && error.retryAfter !== null && error.retryAfter > 0) {
    return intl.formatMessage(catalogue.extra.retryIn, { minutes: Math.max(1, Math.ceil(error.retryAfter / 60)) });
  }
  const code: Exclude<ApiErrorCode, 'NETWORK' | 'UNKNOWN'> | undefined = error.code in catalogue.codes ? (error.code as never) : undefined;
  return intl.formatMessage(code ? catalogue.codes[code] : networkMessages.UNKNOWN);
}

/**
 * The message for one field issue, worded here in the app's language from its reason, its limit and
 * the field it is about ("Give the collection a name", "At most 20 tags", "Use at most 120
 * characters"). `subject` names what the form edits when the same field means different things
 * ("collection" for the collection form's name). Reasons without a wording of their own keep the
 * server's message, which it words in the request's Content-Language.
 */
export function describeFieldIssue(intl: IntlShape, issue: FieldIssue, subject?: string): string {
  // Before the texts have come, the server's own message (worded in the request's language) stands in.
  if (!catalogue) return issue.message || intl.formatMessage(networkMessages.UNKNOWN);
  const { extra: extraMessages, required: requiredMessages, limits: limitMessages, codes: errorMessages } = catalogue;
  const field = issue.path.split('.')[0] ?? issue.path;
  const leaf = issue.path.split('.').pop() ?? issue.path;
  const origin = issue.origin ?? (field === 'tags' ? 'array' : undefined);
  const required = () => {
    // An item's value: the field is labelled by its property, so the message speaks of "this property".
    if (field === 'values') return intl.formatMessage(requiredMessages.value);
    const specific =
      (subject ? requiredMessages[`${subject}.${leaf}` as keyof typeof requiredMessages] : undefined) ??
      requiredMessages[leaf as keyof typeof requiredMessages];
    return intl.formatMessage(specific ?? extraMessages.fieldRequired);
  };
  switch (issue.reason) {
    case 'required':
      return required();
    case 'too_small':
      if (issue.minimum === undefined) break;
      if (origin === 'string')
        return issue.minimum <= 1 ? required() : intl.formatMessage(limitMessages.tooShortText, { min: issue.minimum });
      if (origin === 'array') return intl.formatMessage(limitMessages.tooFewEntries, { min: issue.minimum });
      if (field === 'quantity') return intl.formatMessage(limitMessages.tooFewCopies, { min: issue.minimum });
      return intl.formatMessage(limitMessages.tooSmallNumber, { min: issue.minimum });
    case 'too_big':
      if (issue.maximum === undefined) break;
      // "tags.3" too long is one tag's text; "tags" too big is their count.
      if (origin === 'array' && field === 'tags' && issue.path === 'tags')
        return intl.formatMessage(limitMessages.tooManyTags, { max: issue.maximum });
      if (origin === 'array') return intl.formatMessage(limitMessages.tooManyEntries, { max: issue.maximum });
      if (origin === 'string') return intl.formatMessage(limitMessages.tooLongText, { max: issue.maximum });
      if (field === 'quantity') return intl.formatMessage(limitMessages.tooManyCopies, { max: issue.maximum });
      return intl.formatMessage(limitMessages.tooLargeNumber, { max: issue.maximum });
    case 'not_integer':
      return intl.formatMessage(limitMessages.notInteger);
    case 'invalid_number':
      return intl.formatMessage(limitMessages.notNumber);
    case 'invalid_email':
      return intl.formatMessage(limitMessages.invalidEmail);
    case 'private_address':
      return intl.formatMessage(extraMessages.privateAddress);
    case 'server_reply':
      return intl.formatMessage(extraMessages.serverReply, { reply: issue.message });
    case 'invalid_format':
      if (EMAIL_FIELDS.has(leaf)) return intl.formatMessage(limitMessages.invalidEmail);
      if (leaf === 'sender') return intl.formatMessage(extraMessages.invalidSender);
      if (leaf === 'type' || leaf === 'customType') return intl.formatMessage(limitMessages.invalidType);
      if (leaf === 'username') return intl.formatMessage(limitMessages.invalidUsername);
      return issue.message || intl.formatMessage(limitMessages.invalidFormat);
    case 'invalid_type':
      if (issue.path === 'quantity') return intl.formatMessage(limitMessages.notInteger);
      break;
    case 'not_equal':
      return intl.formatMessage(limitMessages.notEqual);
    case 'below_lent':
      if (issue.minimum === undefined) break;
      return intl.formatMessage(limitMessages.belowLent, { lent: issue.minimum });
    case 'meets_reservation': {
      if (!issue.booked) break;
      // The days are UTC calendar days: read at noon UTC so no time zone moves them.
      const day = (date: string) => Date.parse(`${date}T12:00:00Z`);
      return intl.formatMessage(limitMessages.meetsReservation, { from: day(issue.booked.from), to: day(issue.booked.to) });
    }
    case 'wrong_password':
      return intl.formatMessage(errorMessages.INVALID_CURRENT_PASSWORD);
  }
  return issue.message || intl.formatMessage(extraMessages.fieldInvalid);
}

/** Field issues of an error by field path (first issue per field). */
export function fieldIssues(error: unknown): Map<string, FieldIssue> {
  const map = new Map<string, FieldIssue>();
  if (!isApiError(error)) return map;
  for (const issue of error.fields) {
    if (!map.has(issue.path)) map.set(issue.path, issue);
  }
  return map;
}
