import type { SelectHTMLAttributes } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & FieldFrameProps;

/** A labelled select with its hint and error tied to it. */
export function SelectField({ label, error, hint, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select {...select} {...control} className="field__input field__select">
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
