// What every value control receives, whatever its content type.
import type { PropertyType } from '@shared/catalogue';

/** The property (or the property form's default value) a value input edits. */
export interface ValueField {
  key: string;
  label: string;
  type: PropertyType;
  multiple: boolean;
  description?: string | null;
  suffix?: string | null;
}

/** Uploads a file and answers its media:// value. */
export type Upload = (file: File) => Promise<string>;

export interface ControlProps {
  field: ValueField;
  id: string;
  /** The value as input text (lib/value-form.ts). */
  text: string;
  onText: (text: string) => void;
  disabled: boolean;
  describedBy: string | undefined;
  invalid: boolean;
  /** The accessible name of this entry (the label, or "label 2" in a list). */
  name: string;
  /** Without it, media properties take no files (a video still takes an address). */
  upload?: Upload;
}

/** The attributes a plain input or text area shares with its frame. */
export function inputProps({ id, text, onText, disabled, describedBy, invalid }: ControlProps) {
  return {
    id,
    disabled,
    'aria-describedby': describedBy,
    'aria-invalid': invalid ? true : undefined,
    className: 'field__input',
    value: text,
    onChange: (event: { target: { value: string } }) => onText(event.target.value),
  } as const;
}
