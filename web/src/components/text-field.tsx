import type { InputHTMLAttributes } from 'react';
import { FieldFrame, useLength, type FieldFrameProps } from './field-frame';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FieldFrameProps;

/**
 * A labelled input with its hint and error tied to it for assistive technologies. A `maxLength` is
 * not handed to the browser, which would cut text silently: a counter shows it near the limit and the
 * form's check refuses text over it (data-max-length, see lib/form-check.ts).
 */
export function TextField({ label, error, hint, className, maxLength, onChange, ...input }: TextFieldProps) {
  const counted = useLength<HTMLInputElement>(input.value ?? input.defaultValue, onChange);
  const counter = maxLength !== undefined && input.type !== 'number' ? { length: counted.length, max: maxLength } : undefined;
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className} counter={counter}>
      {(control) => (
        <input
          {...input}
          {...control}
          data-max-length={counter ? maxLength : undefined}
          onChange={counter ? counted.onChange : onChange}
          className="field__input"
        />
      )}
    </FieldFrame>
  );
}
