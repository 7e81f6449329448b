// A multiple-value property: an ordered list of entries, each with its own control, that can be moved
// up and down, removed, and added to.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { Upload, ValueField } from './control-props';
import { ValueControl } from './value-control';
import { valueInputMessages } from './value-input-messages';

const messages = defineMessages<{
  add: { label: string };
  entry: { label: string; position: number };
  moveUp: { label: string; position: number };
  moveDown: { label: string; position: number };
  remove: { label: string; position: number };
  up: NoMessageValues;
  down: NoMessageValues;
}>({
  add: { id: 'components.valueInput.add', defaultMessage: 'Add a value to {label}' },
  entry: { id: 'components.valueInput.entry', defaultMessage: '{label} {position, number}' },
  moveUp: { id: 'components.valueInput.moveUp', defaultMessage: 'Move {label} {position, number} up' },
  moveDown: { id: 'components.valueInput.moveDown', defaultMessage: 'Move {label} {position, number} down' },
  remove: { id: 'components.valueInput.remove', defaultMessage: 'Remove {label} {position, number}' },
  up: { id: 'components.valueInput.up', defaultMessage: 'Up' },
  down: { id: 'components.valueInput.down', defaultMessage: 'Down' },
});

let nextEntryKey = 1;
const newEntryKey = () => nextEntryKey++;

interface ValueListProps {
  field: ValueField;
  id: string;
  texts: string[];
  onChange: (texts: string[]) => void;
  disabled: boolean;
  describedBy: string | undefined;
  invalid: boolean;
  upload?: Upload;
  hint: ReactNode;
  errorText: ReactNode;
}

export function ValueList({ field, id, texts, onChange, disabled, describedBy, invalid, upload, hint, errorText }: ValueListProps) {
  const intl = useIntl();
  // Stable keys, so a moved entry keeps its DOM (and the focus on its button).
  const [keys, setKeys] = useState<number[]>(() => texts.map(() => newEntryKey()));
  const entryKeys = keys.length === texts.length ? keys : texts.map((_, index) => keys[index] ?? -index - 1);

  function update(nextTexts: string[], nextKeys: number[]) {
    setKeys(nextKeys);
    onChange(nextTexts);
  }

  function move(index: number, by: -1 | 1) {
    const target = index + by;
    if (target < 0 || target >= texts.length) return;
    const nextTexts = [...texts];
    const nextKeys = [...entryKeys];
    [nextTexts[index], nextTexts[target]] = [nextTexts[target] as string, nextTexts[index] as string];
    [nextKeys[index], nextKeys[target]] = [nextKeys[target] as number, nextKeys[index] as number];
    update(nextTexts, nextKeys);
  }

  const blank = field.type === 'yesno' ? 'false' : '';

  return (
    <fieldset className="field value-list" aria-describedby={describedBy}>
      <legend className="field__label">{field.label}</legend>
      {hint}
      <ol className="value-list__entries">
        {texts.map((text, index) => {
          const position = index + 1;
          const entryId = `${id}-${index}`;
          const name = intl.formatMessage(messages.entry, { label: field.label, position });
          return (
            <li key={entryKeys[index]} className="value-list__entry">
              <div className={field.type === 'yesno' ? 'field field--checkbox' : 'field'}>
                <label className="visually-hidden" htmlFor={entryId}>
                  {name}
                </label>
                <ValueControl
                  field={field}
                  id={entryId}
                  text={text}
                  onText={(value) => onChange(texts.map((old, i) => (i === index ? value : old)))}
                  disabled={disabled}
                  describedBy={describedBy}
                  invalid={invalid}
                  name={name}
                  upload={upload}
                />
              </div>
              <div className="value-list__actions">
                <button
                  type="button"
                  className="button button--small button--secondary"
                  disabled={disabled || index === 0}
                  aria-label={intl.formatMessage(messages.moveUp, { label: field.label, position })}
                  onClick={() => move(index, -1)}
                >
                  {intl.formatMessage(messages.up)}
                </button>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  disabled={disabled || index === texts.length - 1}
                  aria-label={intl.formatMessage(messages.moveDown, { label: field.label, position })}
                  onClick={() => move(index, 1)}
                >
                  {intl.formatMessage(messages.down)}
                </button>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  disabled={disabled}
                  aria-label={intl.formatMessage(messages.remove, { label: field.label, position })}
                  onClick={() =>
                    update(
                      texts.filter((_, i) => i !== index),
                      entryKeys.filter((_, i) => i !== index),
                    )
                  }
                >
                  {intl.formatMessage(valueInputMessages.removeShort)}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="actions">
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={disabled}
          onClick={() => update([...texts, blank], [...entryKeys, newEntryKey()])}
        >
          {intl.formatMessage(messages.add, { label: field.label })}
        </button>
      </div>
      {errorText}
    </fieldset>
  );
}
