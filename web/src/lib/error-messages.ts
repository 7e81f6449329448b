// Localized text for every error code of the contract (the SPA translates codes, never server English).
import { defineMessages } from 'react-intl';
import type { IntlShape, MessageDescriptor, NoMessageValues } from 'react-intl';
import type { FieldIssue } from '../../../shared/errors';
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
}>({
  retryIn: {
    id: 'errors.TOO_MANY_REQUESTS.retryIn',
    defaultMessage: 'Too many attempts. Please retry in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  fieldRequired: { id: 'errors.field.required', defaultMessage: 'This field is required.' },
  fieldInvalid: { id: 'errors.field.invalid', defaultMessage: 'This value is not valid.' },
  offline: { id: 'errors.NETWORK.offline', defaultMessage: 'You are offline. Try again once you are back online.' },
});

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
 * The message for one field of a 400 answer. The server words its field messages in the request's
 * Content-Language, so they are shown as they come; the reason is the fallback.
 */
export function describeFieldIssue(intl: IntlShape, issue: FieldIssue): string {
  if (issue.message) return issue.message;
  return intl.formatMessage(issue.reason === 'required' ? extraMessages.fieldRequired : extraMessages.fieldInvalid);
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
