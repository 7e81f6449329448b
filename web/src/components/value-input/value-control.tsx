// The control for one value, chosen by the property's content type.
import type { ComponentType } from 'react';
import type { PropertyType } from '@shared/catalogue';
import { ColourControl } from './colour-control';
import type { ControlProps } from './control-props';
import { DateControl, DateTimeControl } from './date-control';
import { JsonControl } from './json-control';
import { MediaUpload } from './media-upload';
import { NumberControl, RatingControl } from './number-control';
import { LongTextControl, TextControl } from './text-control';
import { UrlControl } from './url-control';
import { VideoControl } from './video-control';
import { YesNoControl } from './yes-no-control';

const CONTROLS: Record<PropertyType, ComponentType<ControlProps>> = {
  text: TextControl,
  longtext: LongTextControl,
  json: JsonControl,
  number: NumberControl,
  rating: RatingControl,
  date: DateControl,
  datetime: DateTimeControl,
  url: UrlControl,
  color: ColourControl,
  yesno: YesNoControl,
  image: MediaUpload,
  video: VideoControl,
  file: MediaUpload,
};

export function ValueControl(props: ControlProps) {
  const Control = CONTROLS[props.field.type];
  return <Control {...props} />;
}
