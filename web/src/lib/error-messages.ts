// Localized text for every error code of the contract (the SPA translates codes, never server English).
import { defineMessages } from 'react-intl';
import type { IntlShape, MessageDescriptor, NoMessageValues } from 'react-intl';
import type { FieldIssue } from '@shared/errors';
import { isApiError } from './api-client';
import { isOnline } from './use-online';
import type { ApiErrorCode } from './api-client';

export const errorMessages = defineMessages({
  VALIDATION_FAILED: { id: 'errors.VALIDATION_FAILED', defaultMessage: 'Some fields are not valid. Please check them.' },
  INVALID_JSON: { id: 'errors.INVALID_JSON', defaultMessage: 'The request could not be read.' },
  PASSWORDS_NOT_EQUAL: { id: 'errors.PASSWORDS_NOT_EQUAL', defaultMessage: 'Passwords are not equals!' },
  INVALID_CURRENT_PASSWORD: {
    id: 'errors.INVALID_CURRENT_PASSWORD',
    defaultMessage: 'Your current password is not correct.',
  },
  RESET_TOKEN_INVALID: {
    id: 'errors.RESET_TOKEN_INVALID',
    defaultMessage: 'This password reset link is invalid or has expired. Please ask for a new one.',
  },
  IMPORT_FILE_INVALID: {
    id: 'errors.IMPORT_FILE_INVALID',
    defaultMessage: 'This file cannot be imported.',
  },
  EMAIL_CHANGE_TOKEN_INVALID: {
    id: 'errors.EMAIL_CHANGE_TOKEN_INVALID',
    defaultMessage:
      'This confirmation link is invalid, has expired or was already used. Change the address again from My profile to get a new one.',
  },
  UNAUTHENTICATED: { id: 'errors.UNAUTHENTICATED', defaultMessage: 'Your session has ended. Please sign in again.' },
  LOGIN_FAILED: { id: 'errors.LOGIN_FAILED', defaultMessage: 'Login failed!' },
  FORBIDDEN: { id: 'errors.FORBIDDEN', defaultMessage: 'You are not allowed to do this.' },
  DEMO_MODE: { id: 'errors.DEMO_MODE', defaultMessage: 'Demo mode: changes are disabled' },
  CANNOT_CHANGE_SELF: {
    id: 'errors.CANNOT_CHANGE_SELF',
    defaultMessage: 'You cannot delete or disable your own account.',
  },
  CHANGE_IN_PROFILE: {
    id: 'errors.CHANGE_IN_PROFILE',
    defaultMessage: 'Change your own password and email address in My profile, where your current password is asked.',
  },
  NOT_FOUND: { id: 'errors.NOT_FOUND', defaultMessage: 'What you are looking for does not exist.' },
  LOANS_DISABLED: { id: 'errors.LOANS_DISABLED', defaultMessage: 'Lending is switched off on this server.' },
  BORROWER_LINK_INVALID: {
    id: 'errors.BORROWER_LINK_INVALID',
    defaultMessage: 'This link no longer works. Ask for a new one with your email address.',
  },
  BORROW_NOT_ALLOWED: { id: 'errors.BORROW_NOT_ALLOWED', defaultMessage: 'This item cannot be borrowed by you.' },
  BORROWER_EMAIL_TAKEN: {
    id: 'errors.BORROWER_EMAIL_TAKEN',
    defaultMessage: 'You already have a borrower with this email address.',
  },
  SHARE_USER_UNKNOWN: { id: 'errors.SHARE_USER_UNKNOWN', defaultMessage: 'No account has this username or email address.' },
  INVITATION_INVALID: {
    id: 'errors.INVITATION_INVALID',
    defaultMessage: 'This invitation link no longer works: it was used, withdrawn or has expired.',
  },
  ALREADY_MEMBER: { id: 'errors.ALREADY_MEMBER', defaultMessage: 'The collection is already shared with this person.' },
  SHARE_WITH_OWNER: {
    id: 'errors.SHARE_WITH_OWNER',
    defaultMessage: 'This person owns the collection: they have every right on it already.',
  },
  SHARE_WITH_SELF: { id: 'errors.SHARE_WITH_SELF', defaultMessage: 'You cannot add yourself to a collection or change your own role.' },
  BORROWER_HOLDS_ITEMS: {
    id: 'errors.BORROWER_HOLDS_ITEMS',
    defaultMessage: 'This borrower still holds an item you lent. Get it back first.',
  },
  LOAN_TRANSITION_NOT_ALLOWED: {
    id: 'errors.LOAN_TRANSITION_NOT_ALLOWED',
    defaultMessage: 'This loan is no longer in a state that allows this. Reload to see where it stands.',
  },
  NO_COPY_AVAILABLE: { id: 'errors.NO_COPY_AVAILABLE', defaultMessage: 'Every copy of this item is already lent.' },
  RESERVATION_CONFLICT: {
    id: 'errors.RESERVATION_CONFLICT',
    defaultMessage: 'These dates are already booked: on one of them, every copy is taken. The item’s calendar shows the booked days.',
  },
  HOLD_EXISTS: { id: 'errors.HOLD_EXISTS', defaultMessage: 'This email address is already in the waiting list for this item.' },
  COPY_AVAILABLE: { id: 'errors.COPY_AVAILABLE', defaultMessage: 'A copy of this item is available: ask to borrow it instead.' },
  HOLD_TRANSITION_NOT_ALLOWED: {
    id: 'errors.HOLD_TRANSITION_NOT_ALLOWED',
    defaultMessage: 'This place in the waiting list has changed meanwhile.',
  },
  HOLD_LINK_INVALID: {
    id: 'errors.HOLD_LINK_INVALID',
    defaultMessage: 'This offer link no longer works: the offer was answered, expired or withdrawn.',
  },
  QUANTITY_BELOW_LENT: {
    id: 'errors.QUANTITY_BELOW_LENT',
    defaultMessage: 'Nothing was saved: the number of copies cannot be lower than the copies out on loan. Get copies back first.',
  },
  SOURCE_UNREACHABLE: { id: 'errors.SOURCE_UNREACHABLE', defaultMessage: 'Nothing usable could be fetched from this source.' },
  SOURCE_NOT_READY: { id: 'errors.SOURCE_NOT_READY', defaultMessage: 'The source is preparing this collection: try again in a minute.' },
  BACKUP_RUNNING: { id: 'errors.BACKUP_RUNNING', defaultMessage: 'A backup or a restore is already running: wait for it to end.' },
  EXPORT_RUNNING: { id: 'errors.EXPORT_RUNNING', defaultMessage: 'One of your exports with pictures is being made: wait for it to end.' },
  EMAIL_NOT_CONFIGURED: {
    id: 'errors.EMAIL_NOT_CONFIGURED',
    defaultMessage: 'No way to send emails is set up: choose Resend or SMTP in Configuration → Emails.',
  },
  EMAIL_UNAVAILABLE: {
    id: 'errors.EMAIL_UNAVAILABLE',
    defaultMessage:
      'This instance cannot send emails, so a new address cannot be confirmed and yours stays as it is. Ask the administrator to set up email (Configuration → Emails), then try again.',
  },
  EMAIL_SECRET_UNREADABLE: {
    id: 'errors.EMAIL_SECRET_UNREADABLE',
    defaultMessage: 'The saved key or password can no longer be read (the instance’s secret changed): enter it again.',
  },
  EMAIL_AUTH_FAILED: {
    id: 'errors.EMAIL_AUTH_FAILED',
    defaultMessage: 'The mail server or provider refused the user name, password or key.',
  },
  EMAIL_CONNECTION_FAILED: {
    id: 'errors.EMAIL_CONNECTION_FAILED',
    defaultMessage: 'The mail server could not be reached: check its address, port and security.',
  },
  EMAIL_TIMEOUT: { id: 'errors.EMAIL_TIMEOUT', defaultMessage: 'The mail server did not answer in time.' },
  EMAIL_REJECTED: { id: 'errors.EMAIL_REJECTED', defaultMessage: 'The mail server or provider refused the message.' },
  CONFIG_KEYS_FULL: {
    id: 'errors.CONFIG_KEYS_FULL',
    defaultMessage: 'This instance holds as many configuration keys as it takes: delete one first.',
  },
  MODULE_ALREADY_REGISTERED: { id: 'errors.MODULE_ALREADY_REGISTERED', defaultMessage: 'A module at this address is registered already.' },
  MODULES_FULL: {
    id: 'errors.MODULES_FULL',
    defaultMessage: 'This instance holds as many external modules as it takes: remove one first.',
  },
  INSTANCE_NOT_EMPTY: {
    id: 'errors.INSTANCE_NOT_EMPTY',
    defaultMessage: 'A backup is restored into an empty instance: this one already has collections or other accounts.',
  },
  METHOD_NOT_ALLOWED: { id: 'errors.METHOD_NOT_ALLOWED', defaultMessage: 'This address does not accept this request.' },
  USERNAME_TAKEN: { id: 'errors.USERNAME_TAKEN', defaultMessage: 'This username is already taken.' },
  EMAIL_TAKEN: { id: 'errors.EMAIL_TAKEN', defaultMessage: 'This email address is already used by another account.' },
  PROPERTY_KEY_TAKEN: {
    id: 'errors.PROPERTY_KEY_TAKEN',
    defaultMessage: 'Another property of this collection already has this property ID.',
  },
  PROPERTY_HAS_VALUES: {
    id: 'errors.PROPERTY_HAS_VALUES',
    defaultMessage: 'The content type cannot change while items have values for this property.',
  },
  STALE_WRITE: {
    id: 'errors.STALE_WRITE',
    defaultMessage: 'Someone changed this since you opened it. Reload to see their changes, then make yours again.',
  },
  PRECONDITION_FAILED: {
    id: 'errors.PRECONDITION_FAILED',
    defaultMessage: 'Someone changed this since you opened it. Reload to see their changes, then make yours again.',
  },
  DELETED_MEANWHILE: {
    id: 'errors.DELETED_MEANWHILE',
    defaultMessage: 'Something this change refers to was deleted meanwhile. Reload the page and try again.',
  },
  PAYLOAD_TOO_LARGE: { id: 'errors.PAYLOAD_TOO_LARGE', defaultMessage: 'This file is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { id: 'errors.UNSUPPORTED_MEDIA_TYPE', defaultMessage: 'This type of file is not accepted.' },
  TOO_MANY_REQUESTS: { id: 'errors.TOO_MANY_REQUESTS', defaultMessage: 'Too many attempts. Please retry later.' },
  INTERNAL: { id: 'errors.INTERNAL', defaultMessage: 'Oops, an error occured!' },
  NETWORK: { id: 'errors.NETWORK', defaultMessage: 'The server could not be reached. Please retry.' },
  UNKNOWN: { id: 'errors.UNKNOWN', defaultMessage: 'Failed' },
}) satisfies Record<ApiErrorCode, MessageDescriptor>;

const extraMessages = defineMessages<{
  retryIn: { minutes: number };
  fieldRequired: NoMessageValues;
  fieldInvalid: NoMessageValues;
  offline: NoMessageValues;
  privateAddress: NoMessageValues;
  serverReply: { reply: string };
  invalidSender: NoMessageValues;
}>({
  privateAddress: {
    id: 'errors.field.privateAddress',
    defaultMessage: 'This address is private or local: the instance cannot reach it.',
  },
  serverReply: { id: 'errors.field.serverReply', defaultMessage: 'The server said: {reply}' },
  invalidSender: {
    id: 'errors.field.invalidSender',
    defaultMessage: "Write an address, or a name then the address in angle brackets: Our books '<'books@example.org'>'.",
  },
  retryIn: {
    id: 'errors.TOO_MANY_REQUESTS.retryIn',
    defaultMessage: 'Too many attempts. Please retry in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  fieldRequired: { id: 'errors.field.required', defaultMessage: 'This field is required.' },
  fieldInvalid: { id: 'errors.field.invalid', defaultMessage: 'This value is not valid.' },
  offline: { id: 'errors.NETWORK.offline', defaultMessage: 'You are offline. Try again once you are back online.' },
});

/** What to do about a field left empty, by field: specific where a form knows the field. */
const requiredMessages = defineMessages({
  name: { id: 'errors.field.required.name', defaultMessage: 'Enter a name.' },
  'collection.name': { id: 'errors.field.required.collectionName', defaultMessage: 'Give the collection a name.' },
  label: { id: 'errors.field.required.label', defaultMessage: 'Give the property a name.' },
  type: { id: 'errors.field.required.type', defaultMessage: 'Enter a type.' },
  customType: { id: 'errors.field.required.customType', defaultMessage: 'Enter a type.' },
  username: { id: 'errors.field.required.username', defaultMessage: 'Choose a username.' },
  email: { id: 'errors.field.required.email', defaultMessage: 'Enter an email address.' },
  newEmail: { id: 'errors.field.required.newEmail', defaultMessage: 'Enter the new email address.' },
  login: { id: 'errors.field.required.login', defaultMessage: 'Enter your username or email address.' },
  password: { id: 'errors.field.required.password', defaultMessage: 'Enter a password.' },
  currentPassword: { id: 'errors.field.required.currentPassword', defaultMessage: 'Enter your current password.' },
  newPassword: { id: 'errors.field.required.newPassword', defaultMessage: 'Choose a new password.' },
  confirmation: { id: 'errors.field.required.confirmation', defaultMessage: 'Type the new password again.' },
  quantity: { id: 'errors.field.required.quantity', defaultMessage: 'Enter the number of copies.' },
  value: { id: 'errors.field.required.value', defaultMessage: 'This property cannot be empty: fill it in.' },
});

const limitMessages = defineMessages<{
  tooLongText: { max: number };
  tooShortText: { min: number };
  tooManyTags: { max: number };
  tooManyEntries: { max: number };
  tooFewEntries: { min: number };
  tooSmallNumber: { min: number };
  tooLargeNumber: { max: number };
  tooFewCopies: { min: number };
  tooManyCopies: { max: number };
  notInteger: NoMessageValues;
  notNumber: NoMessageValues;
  invalidEmail: NoMessageValues;
  invalidFormat: NoMessageValues;
  invalidType: NoMessageValues;
  invalidUsername: NoMessageValues;
  notEqual: NoMessageValues;
  belowLent: { lent: number };
}>({
  tooLongText: {
    id: 'errors.field.tooLongText',
    defaultMessage: 'Use at most {max, plural, one {# character} other {# characters}}.',
  },
  tooShortText: {
    id: 'errors.field.tooShortText',
    defaultMessage: 'Use at least {min, plural, one {# character} other {# characters}}.',
  },
  tooManyTags: { id: 'errors.field.tooManyTags', defaultMessage: 'At most {max, plural, one {# tag} other {# tags}}.' },
  tooManyEntries: {
    id: 'errors.field.tooManyEntries',
    defaultMessage: 'At most {max, plural, one {# entry} other {# entries}}.',
  },
  tooFewEntries: {
    id: 'errors.field.tooFewEntries',
    defaultMessage: 'At least {min, plural, one {# entry} other {# entries}}.',
  },
  tooSmallNumber: { id: 'errors.field.tooSmallNumber', defaultMessage: 'Enter {min, number} or more.' },
  tooLargeNumber: { id: 'errors.field.tooLargeNumber', defaultMessage: 'Enter {max, number} or less.' },
  tooFewCopies: {
    id: 'errors.field.tooFewCopies',
    defaultMessage: 'You own at least {min, plural, one {# copy} other {# copies}}: enter {min, number} or more.',
  },
  tooManyCopies: {
    id: 'errors.field.tooManyCopies',
    defaultMessage: 'At most {max, plural, one {# copy} other {# copies}}.',
  },
  notInteger: { id: 'errors.field.notInteger', defaultMessage: 'Enter a whole number.' },
  notNumber: { id: 'errors.field.notNumber', defaultMessage: 'Enter a number.' },
  invalidEmail: { id: 'errors.field.invalidEmail', defaultMessage: 'Enter a valid email address, like name@example.org.' },
  invalidFormat: { id: 'errors.field.invalidFormat', defaultMessage: 'This is not in the expected form: see the hint.' },
  invalidType: {
    id: 'errors.field.invalidType',
    defaultMessage: 'Use lower-case letters, digits, dashes and underscores only.',
  },
  invalidUsername: {
    id: 'errors.field.invalidUsername',
    defaultMessage: 'Use letters, digits, dots, dashes and underscores only.',
  },
  notEqual: { id: 'errors.field.notEqual', defaultMessage: 'The two passwords are not the same.' },
  belowLent: {
    id: 'errors.field.belowLent',
    defaultMessage: '{lent, plural, one {# copy is} other {# copies are}} out on loan: enter {lent, number} or more.',
  },
});

const EMAIL_FIELDS = new Set(['email', 'newEmail', 'to']);

/** The message a form shows for an error: specific to its code. */
export function describeError(intl: IntlShape, error: unknown): string {
  if (!isApiError(error)) return intl.formatMessage(errorMessages.UNKNOWN);
  if (error.code === 'TOO_MANY_REQUESTS' && error.retryAfter !== null && error.retryAfter > 0) {
    return intl.formatMessage(extraMessages.retryIn, { minutes: Math.max(1, Math.ceil(error.retryAfter / 60)) });
  }
  // No answer because the device has no network: say so rather than blaming the server.
  if (error.code === 'NETWORK' && !isOnline()) return intl.formatMessage(extraMessages.offline);
  const code: ApiErrorCode = error.code in errorMessages ? error.code : 'UNKNOWN';
  return intl.formatMessage(errorMessages[code]);
}

/**
 * The message for one field issue, worded here in the app's language from its reason, its limit and
 * the field it is about ("Give the collection a name", "At most 20 tags", "Use at most 120
 * characters"). `subject` names what the form edits when the same field means different things
 * ("collection" for the collection form's name). Reasons without a wording of their own keep the
 * server's message, which it words in the request's Content-Language.
 */
export function describeFieldIssue(intl: IntlShape, issue: FieldIssue, subject?: string): string {
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
