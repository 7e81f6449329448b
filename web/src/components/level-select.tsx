// A visibility select (Everyone, Logged in, Shared users, Only me, Nobody) or a "who can borrow" one
// (the same but Shared users), and optionally an entry that keeps the collection's default (value "").
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { BORROW_LEVELS, VISIBILITY_LEVELS } from '@shared/catalogue';
import { levelMessages } from './level-messages';
import { SelectField } from './select-field';

interface LevelSelectProps {
  name: string;
  label: ReactNode;
  /** A level, or null for the inherited default. */
  defaultValue: number | null;
  /** Text of the "collection default" entry; without it, a level must be chosen. */
  inheritLabel?: string;
  hint?: ReactNode;
  error?: string;
  /** A visibility (of a collection, an item or a property): also offers 2 "Shared users". */
  shared?: boolean;
}

export function LevelSelect({ name, label, defaultValue, inheritLabel, hint, error, shared = false }: LevelSelectProps) {
  const intl = useIntl();
  return (
    <SelectField name={name} label={label} hint={hint} error={error} defaultValue={defaultValue === null ? '' : String(defaultValue)}>
      {inheritLabel ? <option value="">{inheritLabel}</option> : null}
      {(shared ? VISIBILITY_LEVELS : BORROW_LEVELS).map((level) => (
        <option key={level} value={String(level)}>
          {intl.formatMessage(levelMessages[level])}
        </option>
      ))}
    </SelectField>
  );
}

/** The "who can borrow" level a LevelSelect submitted: a number, or null for the inherited default. */
export function readLevel(value: FormDataEntryValue | null): 0 | 1 | 3 | 4 | null {
  const level = Number(value);
  return value === null || value === '' || !(BORROW_LEVELS as readonly number[]).includes(level) ? null : (level as 0 | 1 | 3 | 4);
}

/** A visibility as its LevelSelect (shared) submitted it: a number, or null for the inherited default. */
export function readCollectionLevel(value: FormDataEntryValue | null): 0 | 1 | 2 | 3 | 4 | null {
  const level = Number(value);
  return value === null || value === '' || !(VISIBILITY_LEVELS as readonly number[]).includes(level) ? null : (level as 0 | 1 | 2 | 3 | 4);
}
