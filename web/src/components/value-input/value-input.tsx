// One input per property content type, used by item forms and by a property's default value. Values
// travel as input text (lib/value-form.ts); a multiple-value property edits an ordered list of them.
// Each kind of control lives in its own module; value-control.tsx picks one by content type.
import { useId } from 'react';
import type { Upload, ValueField } from './control-props';
import { ValueControl } from './value-control';
import { ValueList } from './value-list';

interface ValueInputProps {
  field: ValueField;
  texts: string[];
  onChange: (texts: string[]) => void;
  error?: string;
  disabled?: boolean;
  /** Uploads a file and answers its media:// value; without it, only video addresses can be given. */
  upload?: Upload;
}

export function ValueInput({ field, texts, onChange, error, disabled = false, upload }: ValueInputProps) {
  const id = useId();
  const hintId = field.description ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(error);

  const hint = field.description ? (
    <p className="field__hint" id={hintId}>
      {field.description}
    </p>
  ) : null;
  const errorText = error ? (
    <p className="field__error" id={errorId}>
      {error}
    </p>
  ) : null;

  if (field.multiple) {
    return (
      <ValueList
        field={field}
        id={id}
        texts={texts}
        onChange={onChange}
        disabled={disabled}
        describedBy={describedBy}
        invalid={invalid}
        upload={upload}
        hint={hint}
        errorText={errorText}
      />
    );
  }

  const control = (
    <ValueControl
      field={field}
      id={id}
      text={texts[0] ?? ''}
      onText={(value) => onChange([value])}
      disabled={disabled}
      describedBy={describedBy}
      invalid={invalid}
      name={field.label}
      upload={upload}
    />
  );
  const label = (
    <label className="field__label" htmlFor={id}>
      {field.label}
    </label>
  );
  // A checkbox comes before its label.
  return field.type === 'yesno' ? (
    <div className="field field--checkbox">
      {control}
      {label}
      {hint}
      {errorText}
    </div>
  ) : (
    <div className="field">
      {label}
      {control}
      {hint}
      {errorText}
    </div>
  );
}
