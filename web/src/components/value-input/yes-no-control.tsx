import type { ControlProps } from './control-props';

/** Yes/no is a checkbox; its text is "true" or "false", never empty. */
export function YesNoControl({ id, text, onText, disabled, describedBy }: ControlProps) {
  return (
    <input
      id={id}
      type="checkbox"
      className="field__checkbox"
      checked={text === 'true'}
      disabled={disabled}
      aria-describedby={describedBy}
      onChange={(event) => onText(event.target.checked ? 'true' : 'false')}
    />
  );
}
