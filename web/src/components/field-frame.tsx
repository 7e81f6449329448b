import { useId, useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import './field-frame.css';

const messages = defineMessages<{ left: { count: number; max: number }; over: { count: number } }>({
  left: {
    id: 'components.fieldFrame.charactersLeft',
    defaultMessage: '{count, plural, one {# character left} other {# characters left}} of {max, number}',
  },
  over: {
    id: 'components.fieldFrame.charactersOver',
    defaultMessage: '{count, plural, one {# character too many} other {# characters too many}}',
  },
});

export interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/** What a control needs to be tied to its label, hint and error for assistive technologies. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The counter is shown from this share of the limit on, so it only speaks up when it matters. */
const COUNTER_FROM = 0.8;

/**
 * The frame shared by every labelled form control: the label, the control, then its hint, its
 * character counter (with a limit) and its error, all tied together by ids. `children` renders the
 * control with the props it must carry.
 */
export function FieldFrame({
  label,
  error,
  hint,
  className,
  counter,
  children,
}: FieldFrameProps & { counter?: { length: number; max: number }; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = counter ? `${id}-counter` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {counter ? <CharacterCounter id={counterId} length={counter.length} max={counter.max} /> : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * How many characters are left before a limit, or how many are too many: quiet until near the limit.
 * Always in the page, so that screen readers hear it change politely once it speaks.
 */
export function CharacterCounter({ id, length, max }: { id?: string; length: number; max: number }) {
  const intl = useIntl();
  const near = length >= max * COUNTER_FROM;
  const over = length > max;
  return (
    <p className={over ? 'field__counter field__counter--over' : 'field__counter'} id={id} aria-live="polite">
      {near
        ? over
          ? intl.formatMessage(messages.over, { count: length - max })
          : intl.formatMessage(messages.left, { count: max - length, max })
        : null}
    </p>
  );
}

/** Characters as a person counts them (an emoji is one), like the server's limit. */
export const characterCount = (text: string) => [...text].length;

/**
 * The length of an uncontrolled or controlled text control, kept for its counter. `onChange` must be
 * handed to the control; it calls the caller's own handler too.
 */
export function useLength<E extends HTMLInputElement | HTMLTextAreaElement>(initial: unknown, onChange?: (event: ChangeEvent<E>) => void) {
  const [length, setLength] = useState(() =>
    characterCount(typeof initial === 'string' ? initial : initial == null ? '' : String(initial)),
  );
  return {
    length,
    onChange: (event: ChangeEvent<E>) => {
      setLength(characterCount(event.target.value));
      onChange?.(event);
    },
  };
}
