// A rating from 0 to 5 in halves, entered as stars: a tap or click on the left half of a star gives the
// half, on the right half the whole star (each half is its own target, so touch needs no measuring). As a slider for the keyboard and assistive technologies:
// arrows ±½, Page Up / Page Down ±1, Home 0, End 5, Delete or Backspace clears; the clear button too.
import { X } from 'lucide-react';
import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { IconButton } from './button';
import { ratingText } from './rating-stars';
import './rating-input.css';

const messages = defineMessages<{ clear: { label: string }; notRated: NoMessageValues }>({
  clear: { id: 'components.valueInput.clearRating', defaultMessage: 'Clear {label}' },
  notRated: { id: 'components.valueInput.notRated', defaultMessage: 'Not rated' },
});

const STARS = [1, 2, 3, 4, 5];
const MAX = 5;
const clamp = (value: number) => Math.min(MAX, Math.max(0, value));

interface RatingInputProps {
  id: string;
  /** The accessible name. */
  name: string;
  /** Null when not rated. */
  value: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
}

export function RatingInput({ id, name, value, onChange, disabled = false, describedBy, invalid }: RatingInputProps) {
  const intl = useIntl();
  const slider = useRef<HTMLDivElement>(null);
  const shown = value ?? 0;

  function set(next: number | null) {
    if (disabled) return;
    onChange(next === null ? null : clamp(Math.round(next * 2) / 2));
  }

  function pick(next: number) {
    set(next);
    slider.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, number | 'min' | 'max' | 'clear'> = {
      ArrowRight: 0.5,
      ArrowUp: 0.5,
      ArrowLeft: -0.5,
      ArrowDown: -0.5,
      PageUp: 1,
      PageDown: -1,
      Home: 'min',
      End: 'max',
      Delete: 'clear',
      Backspace: 'clear',
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    if (step === 'min') set(0);
    else if (step === 'max') set(MAX);
    else if (step === 'clear') set(null);
    else set((value ?? 0) + step);
  }

  return (
    <span className={invalid ? 'rating-input is-invalid' : 'rating-input'}>
      <div
        ref={slider}
        id={id}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        className="rating-input__stars"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={MAX}
        aria-valuenow={shown}
        aria-valuetext={value === null ? intl.formatMessage(messages.notRated) : ratingText(intl, value)}
        aria-describedby={describedBy}
        aria-disabled={disabled ? true : undefined}
        aria-invalid={invalid ? true : undefined}
        onKeyDown={onKeyDown}
      >
        {STARS.map((star) => {
          const fill = shown >= star ? 'full' : shown >= star - 0.5 ? 'half' : 'empty';
          return (
            <span key={star} className="rating-input__star">
              {/* Two halves to aim at, so a half star is one tap. */}
              <span className="rating-input__half" data-value={star - 0.5} onClick={() => pick(star - 0.5)} />
              <span className="rating-input__half" data-value={star} onClick={() => pick(star)} />
              <span className={`rating__star rating__star--${fill} rating-input__picture`} aria-hidden="true" />
            </span>
          );
        })}
      </div>
      <span className="rating-input__text" aria-hidden="true">
        {value === null ? intl.formatMessage(messages.notRated) : intl.formatNumber(value)}
      </span>
      {value !== null ? (
        <IconButton
          size="small"
          icon={X}
          disabled={disabled}
          label={intl.formatMessage(messages.clear, { label: name })}
          onClick={() => {
            set(null);
            slider.current?.focus();
          }}
        />
      ) : null}
    </span>
  );
}
