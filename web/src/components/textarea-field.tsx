import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, useLength, type FieldFrameProps } from './field-frame';

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & FieldFrameProps;

/**
 * A labelled multi-line input with its hint and error tied to it. Like TextField, a `maxLength` shows
 * as a counter near the limit instead of cutting text silently.
 */
export function TextareaField({ label, error, hint, className, rows = 4, maxLength, onChange, ...textarea }: TextareaFieldProps) {
  const counted = useLength<HTMLTextAreaElement>(textarea.value ?? textarea.defaultValue, onChange);
  const counter = maxLength !== undefined ? { length: counted.length, max: maxLength } : undefined;
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className} counter={counter}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          data-max-length={maxLength}
          onChange={counted.onChange}
          rows={rows}
          className="field__input field__textarea"
        />
      )}
    </FieldFrame>
  );
}
