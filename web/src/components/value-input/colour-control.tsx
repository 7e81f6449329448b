// A colour: the browser's picker, and the same value as #rrggbb text for typing or pasting.
import { defineMessages, useIntl } from 'react-intl';
import { inputProps } from './control-props';
import type { ControlProps } from './control-props';

const messages = defineMessages<{ picker: { label: string } }>({
  picker: { id: 'components.valueInput.picker', defaultMessage: '{label}: colour picker' },
});

const HEX = /^#[0-9a-fA-F]{6}$/;

export function ColourControl(props: ControlProps) {
  const intl = useIntl();
  const { text, onText, disabled, name } = props;
  return (
    <span className="color-input">
      <input
        type="color"
        className="color-input__picker"
        value={HEX.test(text) ? text.toLowerCase() : '#000000'}
        disabled={disabled}
        aria-label={intl.formatMessage(messages.picker, { label: name })}
        onChange={(event) => onText(event.target.value)}
      />
      <input {...inputProps(props)} type="text" maxLength={7} placeholder="#rrggbb" spellCheck={false} autoComplete="off" />
    </span>
  );
}
