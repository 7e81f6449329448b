// Where each field of the file goes: one of the collection's properties, a new property (its label,
// type and whether it holds several values, guessed first), or nowhere; and how a cell splits into
// several values. A table on wide screens, a card per field on phones.
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { PropertyType } from '@shared/catalogue';
import { PROPERTY_LABEL_MAX_LENGTH } from '@shared/catalogue';
import type { ImportRecord } from '@shared/import/records';
import type { Property } from '@shared/schemas/properties';
import { typeMessages } from '@web/components/property-type-messages';
import { propertiesFor, typesFor, type FieldDraft, type FieldTarget } from '../import-draft';

const messages = defineMessages<{
  field: NoMessageValues;
  sample: NoMessageValues;
  target: NoMessageValues;
  details: NoMessageValues;
  targetOf: { field: string };
  ignore: NoMessageValues;
  create: NoMessageValues;
  existing: NoMessageValues;
  label: NoMessageValues;
  type: NoMessageValues;
  multiple: NoMessageValues;
  split: NoMessageValues;
  noSplit: NoMessageValues;
  empty: NoMessageValues;
}>({
  field: { id: 'imports.mapping.field', defaultMessage: 'In the file' },
  sample: { id: 'imports.mapping.sample', defaultMessage: 'First value' },
  target: { id: 'imports.mapping.target', defaultMessage: 'Goes to' },
  details: { id: 'imports.mapping.details', defaultMessage: 'New property' },
  targetOf: { id: 'imports.mapping.targetOf', defaultMessage: 'Where “{field}” goes' },
  ignore: { id: 'imports.mapping.ignore', defaultMessage: 'Do not import' },
  create: { id: 'imports.mapping.create', defaultMessage: 'A new property' },
  existing: { id: 'imports.mapping.existing', defaultMessage: 'Properties of this collection' },
  label: { id: 'imports.mapping.label', defaultMessage: 'Label' },
  type: { id: 'imports.mapping.type', defaultMessage: 'Type' },
  multiple: { id: 'imports.mapping.multiple', defaultMessage: 'Several values' },
  split: { id: 'imports.mapping.split', defaultMessage: 'Values separated by' },
  noSplit: { id: 'imports.mapping.noSplit', defaultMessage: 'One value per cell' },
  empty: { id: 'imports.mapping.empty', defaultMessage: 'empty' },
});

/** A column without a header, by its position. */
export const { column: columnMessage } = defineMessages<{ column: { number: number } }>({
  column: { id: 'imports.mapping.column', defaultMessage: 'Column {number}' },
});

/** The separators a cell's several values may be written with. */
const SPLITS = [';', ',', '|', '/'] as const;

interface ImportMappingProps {
  fields: FieldDraft[];
  records: ImportRecord[];
  properties: readonly Property[];
  disabled: boolean;
  onChange: (index: number, field: FieldDraft) => void;
}

export function ImportMapping({ fields, records, properties, disabled, onChange }: ImportMappingProps) {
  const intl = useIntl();
  const headers = [messages.field, messages.sample, messages.target, messages.details].map((m) => intl.formatMessage(m));
  return (
    <div className="table-wrap">
      <table className="table table--stack import-mapping">
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {fields.map((field, index) => {
            const name = field.label || intl.formatMessage(columnMessage, { number: field.index + 1 });
            const sample = records.map((r) => r.values[field.field]?.[0]).find((v) => v !== undefined && v.trim() !== '');
            const target = field.target;
            const selected = target.kind === 'existing' ? `p:${target.property}` : target.kind;
            const property = target.kind === 'existing' ? properties.find((p) => p.key === target.property) : undefined;
            const multiple = target.kind === 'new' ? target.multiple : (property?.multiple ?? false);
            const usable = propertiesFor(field, properties);
            const set = (next: Partial<FieldDraft>) => onChange(index, { ...field, ...next });
            const setTarget = (value: string) => {
              let next: FieldTarget;
              if (value === 'ignore') next = { kind: 'ignore' };
              else if (value === 'new') next = { kind: 'new', label: field.label, type: typesFor(field)[0]!, multiple: false };
              else next = { kind: 'existing', property: value.slice(2) };
              set({ target: next, split: null });
            };
            const setNew = (change: Partial<{ label: string; type: PropertyType; multiple: boolean }>) => {
              if (target.kind !== 'new') return;
              const next = { ...target, ...change };
              set({ target: next, split: next.multiple ? field.split : null });
            };
            return (
              <tr key={field.field} className={target.kind === 'ignore' ? 'is-ignored' : undefined}>
                <th scope="row" className="import-mapping__field">
                  {name}
                </th>
                <td data-label={headers[1]} className="import-mapping__sample">
                  {sample === undefined ? <span className="muted">{intl.formatMessage(messages.empty)}</span> : sample.slice(0, 80)}
                </td>
                <td data-label={headers[2]}>
                  <select
                    className="field__input field__select"
                    aria-label={intl.formatMessage(messages.targetOf, { field: name })}
                    value={selected}
                    disabled={disabled}
                    onChange={(event) => setTarget(event.target.value)}
                  >
                    <option value="ignore">{intl.formatMessage(messages.ignore)}</option>
                    <option value="new">{intl.formatMessage(messages.create)}</option>
                    {usable.length > 0 ? (
                      <optgroup label={intl.formatMessage(messages.existing)}>
                        {usable.map((p) => (
                          <option key={p.key} value={`p:${p.key}`}>
                            {p.label}
                          </option>
                        ))}
                      </optgroup>
                    ) : null}
                  </select>
                </td>
                <td>
                  {/* Laid out inside the cell: a flex cell would leave the table's rows and columns. */}
                  <div className="import-mapping__details">
                    {target.kind === 'new' ? (
                      <div className="import-mapping__new">
                        <label className="import-mapping__control">
                          <span>{intl.formatMessage(messages.label)}</span>
                          <input
                            className="field__input"
                            value={target.label}
                            placeholder={name}
                            maxLength={PROPERTY_LABEL_MAX_LENGTH}
                            disabled={disabled}
                            onChange={(event) => setNew({ label: event.target.value })}
                          />
                        </label>
                        <label className="import-mapping__control">
                          <span>{intl.formatMessage(messages.type)}</span>
                          <select
                            className="field__input field__select"
                            value={target.type}
                            disabled={disabled}
                            onChange={(event) => setNew({ type: event.target.value as PropertyType })}
                          >
                            {typesFor(field).map((type) => (
                              <option key={type} value={type}>
                                {intl.formatMessage(typeMessages[type])}
                              </option>
                            ))}
                          </select>
                        </label>
                        <label className="import-mapping__check">
                          <input
                            type="checkbox"
                            className="field__checkbox"
                            checked={target.multiple}
                            disabled={disabled}
                            onChange={(event) => setNew({ multiple: event.target.checked })}
                          />
                          <span>{intl.formatMessage(messages.multiple)}</span>
                        </label>
                      </div>
                    ) : null}
                    {multiple && target.kind !== 'ignore' ? (
                      <label className="import-mapping__control">
                        <span>{intl.formatMessage(messages.split)}</span>
                        <select
                          className="field__input field__select"
                          value={field.split ?? ''}
                          disabled={disabled}
                          onChange={(event) => set({ split: event.target.value || null })}
                        >
                          <option value="">{intl.formatMessage(messages.noSplit)}</option>
                          {SPLITS.map((sep) => (
                            <option key={sep} value={sep}>
                              {sep}
                            </option>
                          ))}
                        </select>
                      </label>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
