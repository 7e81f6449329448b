// The names of content types, wherever a type is chosen or shown (property forms, import mappings).
import { defineMessages } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import type { PropertyType } from '@shared/catalogue';

export const typeMessages = defineMessages({
  text: { id: 'properties.types.text', defaultMessage: 'Text' },
  longtext: { id: 'properties.types.longtext', defaultMessage: 'Long text' },
  number: { id: 'properties.types.number', defaultMessage: 'Number' },
  date: { id: 'properties.types.date', defaultMessage: 'Date' },
  datetime: { id: 'properties.types.datetime', defaultMessage: 'Date and time' },
  rating: { id: 'properties.types.rating', defaultMessage: 'Rating' },
  yesno: { id: 'properties.types.yesno', defaultMessage: 'Yes/No' },
  url: { id: 'properties.types.url', defaultMessage: 'Link (URL)' },
  color: { id: 'properties.types.color', defaultMessage: 'Colour' },
  json: { id: 'properties.types.json', defaultMessage: 'JSON' },
  image: { id: 'properties.types.image', defaultMessage: 'Image' },
  video: { id: 'properties.types.video', defaultMessage: 'Video' },
  file: { id: 'properties.types.file', defaultMessage: 'File' },
}) satisfies Record<PropertyType, MessageDescriptor>;
