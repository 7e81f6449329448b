// The property one field of a hit goes to, among those its texts fit, or nowhere.
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Property } from '@shared/schemas/properties';
import type { ImportField } from '@shared/schemas/sources';
import { propertiesFitting } from '@shared/sources/mapping';

const messages = defineMessages<{ goesTo: { field: string }; nowhere: NoMessageValues }>({
  goesTo: { id: 'sources.preview.goesTo', defaultMessage: 'Where {field} goes' },
  nowhere: { id: 'sources.preview.nowhere', defaultMessage: 'Not imported' },
});

interface FieldTargetProps {
  field: ImportField;
  /** The field's name, as the person reads it. */
  label: string;
  properties: Property[];
  target: string | null;
  disabled: boolean;
  onChange: (key: string | null) => void;
}

export function FieldTarget({ field, label, properties, target, disabled, onChange }: FieldTargetProps) {
  const intl = useIntl();
  return (
    <select
      className="field__input field__select source-field__target"
      aria-label={intl.formatMessage(messages.goesTo, { field: label })}
      value={target ?? ''}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">{intl.formatMessage(messages.nowhere)}</option>
      {propertiesFitting(field, properties).map((p) => (
        <option key={p.key} value={p.key}>
          {p.label}
        </option>
      ))}
    </select>
  );
}
