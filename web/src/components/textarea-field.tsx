import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & FieldFrameProps;

/** A labelled multi-line input with its hint and error tied to it. */
export function TextareaField({ label, error, hint, className, rows = 4, ...textarea }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea {...textarea} {...control} rows={rows} className="field__input field__textarea" />}
    </FieldFrame>
  );
}
