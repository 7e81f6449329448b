// Text and long text (the lengths shared/values.ts accepts). No `maxLength`: the browser would cut
// pasted text silently; the counter says how much is too much and the server refuses it with the limit.
import { TEXT_VALUE_MAX_LENGTH, LONGTEXT_VALUE_MAX_LENGTH } from '@shared/catalogue';
import { CharacterCounter, characterCount } from '../field-frame';
import { inputProps } from './control-props';
import type { ControlProps } from './control-props';

export function TextControl(props: ControlProps) {
  return (
    <>
      <input {...inputProps(props)} type="text" />
      <CharacterCounter length={characterCount(props.text)} max={TEXT_VALUE_MAX_LENGTH} />
    </>
  );
}

export function LongTextControl(props: ControlProps) {
  return (
    <>
      <textarea {...inputProps(props)} className="field__input field__textarea" rows={4} />
      <CharacterCounter length={characterCount(props.text)} max={LONGTEXT_VALUE_MAX_LENGTH} />
    </>
  );
}
