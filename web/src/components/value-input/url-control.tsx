import { URL_VALUE_MAX_LENGTH } from '@shared/catalogue';
import { CharacterCounter, characterCount } from '../field-frame';
import { inputProps } from './control-props';
import type { ControlProps } from './control-props';

/** A web address (http, https or mailto, checked by shared/values.ts); a counter instead of a silent cut. */
export function UrlControl(props: ControlProps) {
  return (
    <>
      <input {...inputProps(props)} type="url" inputMode="url" placeholder="https://" />
      <CharacterCounter length={characterCount(props.text)} max={URL_VALUE_MAX_LENGTH} />
    </>
  );
}
