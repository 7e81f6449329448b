// What a value's check can answer (shared/values.ts reasons, plus "required" for never-empty
// properties), worded for the field that failed.
import { defineMessages } from 'react-intl';
import type { IntlShape, MessageDescriptor } from 'react-intl';

export const valueReasonMessages = defineMessages({
  required: { id: 'components.valueInput.reason.required', defaultMessage: 'This property cannot be empty.' },
  invalid_number: { id: 'components.valueInput.reason.invalidNumber', defaultMessage: 'This is not a number.' },
  invalid_rating: {
    id: 'components.valueInput.reason.invalidRating',
    defaultMessage: 'A rating goes from 0 to 5 in halves.',
  },
  invalid_date: { id: 'components.valueInput.reason.invalidDate', defaultMessage: 'This is not a real date.' },
  invalid_datetime: {
    id: 'components.valueInput.reason.invalidDatetime',
    defaultMessage: 'This is not a real date and time.',
  },
  invalid_url: {
    id: 'components.valueInput.reason.invalidUrl',
    defaultMessage: 'Only http, https and mailto addresses are accepted.',
  },
  url_credentials: {
    id: 'components.valueInput.reason.urlCredentials',
    defaultMessage: 'An address cannot contain a user name or password.',
  },
  invalid_color: { id: 'components.valueInput.reason.invalidColor', defaultMessage: 'A colour is written #rrggbb.' },
  invalid_json: { id: 'components.valueInput.reason.invalidJson', defaultMessage: 'This is not valid JSON.' },
  invalid_media: { id: 'components.valueInput.reason.invalidMedia', defaultMessage: 'Upload the file first.' },
  not_image: {
    id: 'components.valueInput.reason.notImage',
    defaultMessage: 'This file is not an image: choose a PNG, JPEG, GIF or WebP picture.',
  },
  invalid_video: {
    id: 'components.valueInput.reason.invalidVideo',
    defaultMessage: 'Upload a video or give a YouTube, Vimeo or Dailymotion address.',
  },
  too_big: { id: 'components.valueInput.reason.tooBig', defaultMessage: 'This value is too long.' },
  invalid_type: { id: 'components.valueInput.reason.invalidType', defaultMessage: 'This value is not valid.' },
});

export function describeValueReason(intl: IntlShape, reason: string): string {
  const descriptor: MessageDescriptor =
    (valueReasonMessages as Record<string, MessageDescriptor>)[reason] ?? valueReasonMessages.invalid_type;
  return intl.formatMessage(descriptor);
}
