// Create or edit a property: label, property ID (derived from the label until edited), description,
// content type, display order, suffix, a default value of its type, roles and flags, visibility.
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  DISPLAY_ORDER_MAX,
  PROPERTY_DESCRIPTION_MAX_LENGTH,
  PROPERTY_KEY_MAX_LENGTH,
  PROPERTY_KEY_PATTERN,
  PROPERTY_LABEL_MAX_LENGTH,
  PROPERTY_SUFFIX_MAX_LENGTH,
  PROPERTY_TYPES,
} from '@shared/catalogue';
import type { PropertyType } from '@shared/catalogue';
import type { CreatePropertyInput, Property } from '@shared/schemas/properties';
import { CheckboxField } from '@web/components/checkbox-field';
import { commonMessages } from '@web/components/common-messages';
import { FormActions } from '@web/components/form-actions';
import { FormAlerts } from '@web/components/form-alerts';
import { LevelSelect, readCollectionLevel } from '@web/components/level-select';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { TextareaField } from '@web/components/textarea-field';
import { ValueInput } from '@web/components/value-input/value-input';
import { describeValueReason } from '@web/components/value-input/value-reasons';
import { isApiError } from '@web/lib/api-client';
import { errorMessages } from '@web/lib/error-catalogue';
import { fieldText, useSubmit } from '@web/lib/use-submit';
import { toInputTexts, valueFromTexts } from '@web/lib/value-form';
import { keyFromLabel } from '@web/lib/property-key';
import { PROPERTY_FLAGS, flagMessages, typeMessages } from './property-texts';
import type { PropertyFlag } from './property-texts';

const messages = defineMessages({
  label: { id: 'properties.propertyForm.label', defaultMessage: 'Label' },
  key: { id: 'properties.propertyForm.key', defaultMessage: 'Property ID' },
  keyHint: {
    id: 'properties.propertyForm.keyHint',
    defaultMessage: 'Names the property in links, filters and imports: lower-case letters, digits and underscores.',
  },
  description: { id: 'properties.propertyForm.description', defaultMessage: 'Description' },
  descriptionHint: {
    id: 'properties.propertyForm.descriptionHint',
    defaultMessage: 'Shown as help when editing an item.',
  },
  type: { id: 'properties.propertyForm.type', defaultMessage: 'Content type' },
  displayOrder: { id: 'properties.propertyForm.displayOrder', defaultMessage: 'Display order' },
  displayOrderHint: {
    id: 'properties.propertyForm.displayOrderHint',
    defaultMessage: 'Smaller numbers come first. Leave empty to put it last.',
  },
  suffix: { id: 'properties.propertyForm.suffix', defaultMessage: 'Suffix' },
  suffixHint: { id: 'properties.propertyForm.suffixHint', defaultMessage: 'Shown after values, for example pages or min.' },
  defaultValue: { id: 'properties.propertyForm.defaultValue', defaultMessage: 'Default value' },
  defaultValueHint: { id: 'properties.propertyForm.defaultValueHint', defaultMessage: 'Fills in new items.' },
  noDefault: {
    id: 'properties.propertyForm.noDefault',
    defaultMessage: 'Images and files have no default value: they are added to each item.',
  },
  flags: { id: 'properties.propertyForm.flags', defaultMessage: 'Roles and options' },
  rolesHint: {
    id: 'properties.propertyForm.rolesHint',
    defaultMessage:
      'Title, subtitle, cover image and reference belong to one property each: choosing one here takes it from the other property.',
  },
  visibility: { id: 'properties.propertyForm.visibility', defaultMessage: 'Visibility' },
  visibilityHint: {
    id: 'properties.propertyForm.visibilityHint',
    defaultMessage: 'Who can see the values of this property. Shared users: you and the people you share the collection with.',
  },
  create: { id: 'properties.propertyForm.create', defaultMessage: 'Create the property' },
});

const FIELDS = ['key', 'label', 'description', 'type', 'displayOrder', 'suffix', 'defaultValue', 'visibility', ...PROPERTY_FLAGS];
const NO_DEFAULT: readonly PropertyType[] = ['image', 'file'];

interface PropertyFormProps {
  property?: Property;
  readOnly: boolean;
  cancelTo: string;
  onSubmit: (input: CreatePropertyInput & { key: string }) => Promise<unknown>;
  /** Offered when someone else's edit refused this one (409 STALE_WRITE). */
  onReload?: () => void;
}

export function PropertyForm({ property, readOnly, cancelTo, onSubmit, onReload }: PropertyFormProps) {
  const intl = useIntl();
  const [label, setLabel] = useState(property?.label ?? '');
  const [key, setKey] = useState(property?.key ?? '');
  const [keyEdited, setKeyEdited] = useState(property !== undefined);
  const [type, setType] = useState<PropertyType>(property?.type ?? 'text');
  const [multiple, setMultiple] = useState(property?.multiple ?? false);
  const [defaultTexts, setDefaultTexts] = useState<string[]>(() =>
    toInputTexts({ type: property?.type ?? 'text', multiple: property?.multiple ?? false }, property?.defaultValue ?? null),
  );
  const [defaultError, setDefaultError] = useState<string | null>(null);

  function changeType(next: PropertyType) {
    setType(next);
    setDefaultTexts(toInputTexts({ type: next, multiple }, null));
    setDefaultError(null);
  }

  function changeMultiple(next: boolean) {
    setMultiple(next);
    setDefaultTexts((texts) => (next ? texts : texts.slice(0, 1)));
  }

  const submit = useSubmit(async (fields) => {
    const text = (name: string) => fieldText(fields, name).trim();
    setDefaultError(null);
    const defaultValue = NO_DEFAULT.includes(type)
      ? { ok: true as const, value: null, empty: true }
      : valueFromTexts({ type, multiple }, defaultTexts);
    if (!defaultValue.ok) {
      setDefaultError(describeValueReason(intl, defaultValue.reason));
      return;
    }
    const flags = Object.fromEntries(PROPERTY_FLAGS.map((flag) => [flag, fields.get(flag) === 'on'])) as Record<PropertyFlag, boolean>;
    const order = text('displayOrder');
    await onSubmit({
      key: key.trim(),
      label: label.trim(),
      description: text('description') || null,
      type,
      ...(order === '' ? {} : { displayOrder: Number(order) }),
      suffix: text('suffix') || null,
      defaultValue: defaultValue.empty ? null : defaultValue.value,
      ...flags,
      visibility: readCollectionLevel(fields.get('visibility')) ?? 0,
    });
  });
  const { errors, busy } = submit;
  const code = isApiError(submit.error) ? submit.error.code : null;

  const keyError =
    errors.field('key') ?? (code === 'PROPERTY_KEY_TAKEN' ? intl.formatMessage(errorMessages.PROPERTY_KEY_TAKEN) : undefined);
  const typeError =
    errors.field('type') ?? (code === 'PROPERTY_HAS_VALUES' ? intl.formatMessage(errorMessages.PROPERTY_HAS_VALUES) : undefined);

  return (
    <form className="form" onSubmit={submit.onSubmit} noValidate>
      <FormAlerts errors={errors} shownFields={FIELDS} onReload={onReload} />
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
        <div className="form__row">
          <TextField
            name="label"
            label={intl.formatMessage(messages.label)}
            value={label}
            onChange={(event) => {
              setLabel(event.target.value);
              if (!keyEdited) setKey(keyFromLabel(event.target.value));
            }}
            required
            maxLength={PROPERTY_LABEL_MAX_LENGTH}
            error={errors.field('label')}
          />
          <TextField
            name="key"
            label={intl.formatMessage(messages.key)}
            hint={intl.formatMessage(messages.keyHint)}
            value={key}
            onChange={(event) => {
              setKey(event.target.value);
              setKeyEdited(true);
            }}
            required
            maxLength={PROPERTY_KEY_MAX_LENGTH}
            pattern={PROPERTY_KEY_PATTERN}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            error={keyError}
          />
        </div>
        <TextareaField
          name="description"
          label={intl.formatMessage(messages.description)}
          hint={intl.formatMessage(messages.descriptionHint)}
          defaultValue={property?.description ?? ''}
          rows={2}
          maxLength={PROPERTY_DESCRIPTION_MAX_LENGTH}
          error={errors.field('description')}
        />
        <div className="form__row">
          <SelectField
            name="type"
            label={intl.formatMessage(messages.type)}
            value={type}
            onChange={(event) => changeType(event.target.value as PropertyType)}
            error={typeError}
          >
            {PROPERTY_TYPES.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage(typeMessages[value])}
              </option>
            ))}
          </SelectField>
          <LevelSelect
            name="visibility"
            label={intl.formatMessage(messages.visibility)}
            hint={intl.formatMessage(messages.visibilityHint)}
            shared
            defaultValue={property?.visibility ?? 0}
            error={errors.field('visibility')}
          />
        </div>
        <div className="form__row">
          <TextField
            name="displayOrder"
            type="number"
            inputMode="numeric"
            min={0}
            max={DISPLAY_ORDER_MAX}
            step={1}
            label={intl.formatMessage(messages.displayOrder)}
            hint={intl.formatMessage(messages.displayOrderHint)}
            defaultValue={property ? String(property.displayOrder) : ''}
            error={errors.field('displayOrder')}
          />
          <TextField
            name="suffix"
            label={intl.formatMessage(messages.suffix)}
            hint={intl.formatMessage(messages.suffixHint)}
            defaultValue={property?.suffix ?? ''}
            maxLength={PROPERTY_SUFFIX_MAX_LENGTH}
            error={errors.field('suffix')}
          />
        </div>
        {NO_DEFAULT.includes(type) ? (
          <p className="field__hint">{intl.formatMessage(messages.noDefault)}</p>
        ) : (
          <ValueInput
            key={`${type}-${multiple ? 'multiple' : 'single'}`}
            field={{
              key: 'defaultValue',
              label: intl.formatMessage(messages.defaultValue),
              type,
              multiple,
              description: intl.formatMessage(messages.defaultValueHint),
            }}
            texts={defaultTexts}
            onChange={(texts) => {
              setDefaultTexts(texts);
              setDefaultError(null);
            }}
            disabled={readOnly || busy}
            error={defaultError ?? errors.fieldUnder('defaultValue')}
          />
        )}
        <fieldset className="form__fieldset form__group">
          <legend className="field__label">{intl.formatMessage(messages.flags)}</legend>
          <p className="field__hint">{intl.formatMessage(messages.rolesHint)}</p>
          <div className="checkbox-grid">
            {PROPERTY_FLAGS.map((flag) =>
              flag === 'multiple' ? (
                <CheckboxField
                  key={flag}
                  name={flag}
                  label={intl.formatMessage(flagMessages[flag])}
                  checked={multiple}
                  onChange={(event) => changeMultiple(event.target.checked)}
                />
              ) : (
                <CheckboxField
                  key={flag}
                  name={flag}
                  label={intl.formatMessage(flagMessages[flag])}
                  defaultChecked={property?.[flag] ?? false}
                />
              ),
            )}
          </div>
        </fieldset>
        <FormActions submitLabel={intl.formatMessage(property ? commonMessages.save : messages.create)} cancelTo={cancelTo} />
      </fieldset>
    </form>
  );
}
