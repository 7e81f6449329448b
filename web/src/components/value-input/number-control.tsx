// Numbers (with the property's suffix) and ratings (0 to 5 in halves, as stars, clearable).
import { RatingInput } from '../rating-input';
import { inputProps } from './control-props';
import type { ControlProps } from './control-props';

export function NumberControl(props: ControlProps) {
  return (
    <span className="input-suffix">
      <input {...inputProps(props)} type="number" step="any" inputMode="decimal" />
      {props.field.suffix ? <span className="input-suffix__text">{props.field.suffix}</span> : null}
    </span>
  );
}

export function RatingControl({ id, text, onText, disabled, describedBy, invalid, name }: ControlProps) {
  const value = text === '' ? null : Number(text);
  return (
    <RatingInput
      id={id}
      name={name}
      value={value !== null && Number.isFinite(value) ? value : null}
      onChange={(next) => onText(next === null ? '' : String(next))}
      disabled={disabled}
      describedBy={describedBy}
      invalid={invalid}
    />
  );
}
