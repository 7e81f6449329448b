// Text and long text (the lengths shared/values.ts accepts).
import { TEXT_VALUE_MAX_LENGTH, LONGTEXT_VALUE_MAX_LENGTH } from '../../../../shared/catalogue';
import { inputProps } from './control-props';
import type { ControlProps } from './control-props';

export function TextControl(props: ControlProps) {
  return <input {...inputProps(props)} type="text" maxLength={TEXT_VALUE_MAX_LENGTH} />;
}

export function LongTextControl(props: ControlProps) {
  return (
    <textarea {...inputProps(props)} className="field__input field__textarea" rows={4} maxLength={LONGTEXT_VALUE_MAX_LENGTH} />
  );
}
