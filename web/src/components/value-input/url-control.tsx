import { URL_VALUE_MAX_LENGTH } from '../../../../shared/catalogue';
import { inputProps } from './control-props';
import type { ControlProps } from './control-props';

/** A web address (http, https or mailto, checked by shared/values.ts). */
export function UrlControl(props: ControlProps) {
  return <input {...inputProps(props)} type="url" inputMode="url" maxLength={URL_VALUE_MAX_LENGTH} placeholder="https://" />;
}
