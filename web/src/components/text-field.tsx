import type { InputHTMLAttributes } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FieldFrameProps;

/** A labelled input with its hint and error tied to it for assistive technologies. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...input} {...control} className="field__input" />}
    </FieldFrame>
  );
}
