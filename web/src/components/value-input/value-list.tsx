// A multiple-value property: an ordered list of entries, each with its own control, that can be dragged
// by a handle (mouse, touch or keyboard) or moved up and down, removed, and added to.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { Button, IconButton } from '../button';
import { SortableList, moveEntry, useSortableEntry } from '../sortable';
import type { Upload, ValueField } from './control-props';
import { ValueControl } from './value-control';
import './value-list.css';

const messages = defineMessages<{
  add: { label: string };
  entry: { label: string; position: number };
  moveUp: { label: string; position: number };
  moveDown: { label: string; position: number };
  remove: { label: string; position: number };
}>({
  add: { id: 'components.valueInput.add', defaultMessage: 'Add a value to {label}' },
  entry: { id: 'components.valueInput.entry', defaultMessage: '{label} {position, number}' },
  moveUp: { id: 'components.valueInput.moveUp', defaultMessage: 'Move {label} {position, number} up' },
  moveDown: { id: 'components.valueInput.moveDown', defaultMessage: 'Move {label} {position, number} down' },
  remove: { id: 'components.valueInput.remove', defaultMessage: 'Remove {label} {position, number}' },
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

  function move(from: number, to: number) {
    if (to < 0 || to >= texts.length || from === to) return;
    update(moveEntry(texts, from, to), moveEntry(entryKeys, from, to));
  }

  const blank = field.type === 'yesno' ? 'false' : '';

  return (
    <fieldset className="field value-list" aria-describedby={describedBy}>
      <legend className="field__label">{field.label}</legend>
      {hint}
      <SortableList
        ids={entryKeys}
        labelOf={(key) => intl.formatMessage(messages.entry, { label: field.label, position: entryKeys.indexOf(Number(key)) + 1 })}
        onMove={move}
      >
        <ol className="value-list__entries">
          {texts.map((text, index) => {
            const position = index + 1;
            const entryId = `${id}-${index}`;
            const name = intl.formatMessage(messages.entry, { label: field.label, position });
            return (
              <SortableEntry key={entryKeys[index]} id={entryKeys[index] as number} disabled={disabled}>
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
                  <IconButton
                    size="small"
                    icon={ArrowUp}
                    disabled={disabled || index === 0}
                    label={intl.formatMessage(messages.moveUp, { label: field.label, position })}
                    onClick={() => move(index, index - 1)}
                  />
                  <IconButton
                    size="small"
                    icon={ArrowDown}
                    disabled={disabled || index === texts.length - 1}
                    label={intl.formatMessage(messages.moveDown, { label: field.label, position })}
                    onClick={() => move(index, index + 1)}
                  />
                  <IconButton
                    size="small"
                    icon={X}
                    disabled={disabled}
                    label={intl.formatMessage(messages.remove, { label: field.label, position })}
                    onClick={() =>
                      update(
                        texts.filter((_, i) => i !== index),
                        entryKeys.filter((_, i) => i !== index),
                      )
                    }
                  />
                </div>
              </SortableEntry>
            );
          })}
        </ol>
      </SortableList>
      <div className="actions">
        <Button
          variant="secondary"
          size="small"
          icon={Plus}
          disabled={disabled}
          onClick={() => update([...texts, blank], [...entryKeys, newEntryKey()])}
        >
          {intl.formatMessage(messages.add, { label: field.label })}
        </Button>
      </div>
      {errorText}
    </fieldset>
  );
}

function SortableEntry({ id, disabled, children }: { id: number; disabled: boolean; children: ReactNode }) {
  const { attach, style, dragging, handle } = useSortableEntry(id, disabled);
  return (
    <li ref={attach} style={style} className={dragging ? 'value-list__entry is-dragging' : 'value-list__entry'}>
      {handle}
      {children}
    </li>
  );
}
