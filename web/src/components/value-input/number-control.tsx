// Numbers (with the property's suffix) and ratings (0 to 5 in halves, clearable).
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { RatingStars, ratingText } from '../rating-stars';
import { inputProps } from './control-props';
import type { ControlProps } from './control-props';

const messages = defineMessages<{ clearRating: { label: string }; notRated: NoMessageValues; clear: NoMessageValues }>({
  clearRating: { id: 'components.valueInput.clearRating', defaultMessage: 'Clear {label}' },
  notRated: { id: 'components.valueInput.notRated', defaultMessage: 'Not rated' },
  clear: { id: 'components.valueInput.clear', defaultMessage: 'Clear' },
});

export function NumberControl(props: ControlProps) {
  return (
    <span className="input-suffix">
      <input {...inputProps(props)} type="number" step="any" inputMode="decimal" />
      {props.field.suffix ? <span className="input-suffix__text">{props.field.suffix}</span> : null}
    </span>
  );
}

export function RatingControl({ id, text, onText, disabled, describedBy, name }: ControlProps) {
  const intl = useIntl();
  const value = text === '' ? null : Number(text);
  const rated = value !== null && Number.isFinite(value);
  return (
    <span className="rating-input">
      <input
        id={id}
        type="range"
        className="rating-input__range"
        min={0}
        max={5}
        step={0.5}
        value={rated ? value : 0}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-valuetext={rated ? ratingText(intl, value) : intl.formatMessage(messages.notRated)}
        onChange={(event) => onText(event.target.value)}
      />
      {rated ? <RatingStars value={value} /> : <span className="muted">{intl.formatMessage(messages.notRated)}</span>}
      {rated ? (
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={disabled}
          aria-label={intl.formatMessage(messages.clearRating, { label: name })}
          onClick={() => onText('')}
        >
          {intl.formatMessage(messages.clear)}
        </button>
      ) : null}
    </span>
  );
}
