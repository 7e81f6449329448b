// Create or edit an item: one input per property in display order (its description as help), then
// copies, visibility and who can borrow. Values are checked with the shared normalizers before sending.
// The page may add tools above the form that read its values and fill some in (nothing is saved until Save).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { ITEM_QUANTITY_MAX } from '@shared/catalogue';
import type { Collection } from '@shared/schemas/collections';
import type { CreateItemInput, Item } from '@shared/schemas/items';
import type { Property } from '@shared/schemas/properties';
import { ErrorAlert } from '@web/components/alert';
import { commonMessages } from '@web/components/common-messages';
import { FormActions } from '@web/components/form-actions';
import { FormAlerts } from '@web/components/form-alerts';
import { levelMessage } from '@web/components/level-messages';
import { LevelSelect, readCollectionLevel, readLevel } from '@web/components/level-select';
import { TextField } from '@web/components/text-field';
import { UploadGuardProvider, useUploadGuard } from '@web/components/value-input/upload-guard';
import type { UploadProblem } from '@web/components/value-input/upload-guard';
import { ValueInput } from '@web/components/value-input/value-input';
import { describeValueReason } from '@web/components/value-input/value-reasons';
import { ApiError } from '@web/lib/api-client';
import { describeError } from '@web/lib/error-messages';
import { fieldText, useSubmit } from '@web/lib/use-submit';
import { textsWithValues, toInputTexts, valueFromTexts, valuesOfTexts } from '@web/lib/value-form';

const messages = defineMessages<{
  values: NoMessageValues;
  settings: NoMessageValues;
  quantity: NoMessageValues;
  quantityHint: NoMessageValues;
  visibility: NoMessageValues;
  visibilityHint: NoMessageValues;
  borrowable: NoMessageValues;
  inherit: { level: string };
  create: NoMessageValues;
  noProperties: NoMessageValues;
  uploadFailed: { label: string; reason: string };
  uploadBusy: { label: string };
}>({
  values: { id: 'items.itemForm.values', defaultMessage: 'Properties' },
  settings: { id: 'items.itemForm.settings', defaultMessage: 'Copies and sharing' },
  quantity: { id: 'items.itemForm.quantity', defaultMessage: 'Number of copies' },
  quantityHint: { id: 'items.itemForm.quantityHint', defaultMessage: 'How many of this item you own.' },
  visibility: { id: 'items.itemForm.visibility', defaultMessage: 'Visibility' },
  visibilityHint: {
    id: 'items.itemForm.visibilityHint',
    defaultMessage: 'Who can see this item. Shared users: you and the people you share the collection with.',
  },
  borrowable: { id: 'items.itemForm.borrowable', defaultMessage: 'Who can borrow' },
  inherit: { id: 'items.itemForm.inherit', defaultMessage: 'Collection default ({level})' },
  create: { id: 'items.itemForm.create', defaultMessage: 'Create the item' },
  noProperties: {
    id: 'items.itemForm.noProperties',
    defaultMessage: 'This collection has no properties yet: add some in its settings.',
  },
  uploadFailed: {
    id: 'items.itemForm.uploadFailed',
    defaultMessage:
      'The item was not saved: the file for {label} could not be uploaded. {reason} Choose it again, choose another, or continue without it.',
  },
  uploadBusy: {
    id: 'items.itemForm.uploadBusy',
    defaultMessage: 'The item was not saved: the file for {label} is still uploading. Save again once it is done.',
  },
});

type Texts = Record<string, string[]>;

function initialTexts(properties: Property[], item: Item | undefined): Texts {
  return Object.fromEntries(
    properties.map((property) => [
      property.key,
      toInputTexts(property, item ? (item.values[property.key] ?? null) : property.defaultValue),
    ]),
  );
}

/** The values payload, or the reason each invalid property was refused. */
export function buildValues(properties: Property[], texts: Texts): { values: Record<string, unknown>; invalid: Record<string, string> } {
  const values: Record<string, unknown> = {};
  const invalid: Record<string, string> = {};
  for (const property of properties) {
    const outcome = valueFromTexts(property, texts[property.key] ?? []);
    if (!outcome.ok) invalid[property.key] = outcome.reason;
    else values[property.key] = outcome.value;
  }
  return { values, invalid };
}

/** What tools beside the form may do with it. */
export interface ItemFormTools {
  /** The values the inputs hold now, by property key (see valuesOfTexts). */
  values: Record<string, unknown>;
  /** Puts these values, by property key, into their inputs, replacing what they held. */
  fill: (values: Record<string, unknown>) => void;
  /** The form cannot be changed now (read-only, or saving). */
  disabled: boolean;
}

interface ItemFormProps {
  collection: Collection;
  properties: Property[];
  item?: Item;
  readOnly: boolean;
  cancelTo: string;
  upload: (file: File) => Promise<string>;
  onSubmit: (input: CreateItemInput) => Promise<unknown>;
  /** Offered when someone else's edit refused this one (409 STALE_WRITE). */
  onReload?: () => void;
  /** Shown above the form, outside it (a tool may hold forms of its own). */
  tools?: (form: ItemFormTools) => ReactNode;
}

export function ItemForm({ collection, properties, item, readOnly, cancelTo, upload, onSubmit, onReload, tools }: ItemFormProps) {
  const intl = useIntl();
  const [texts, setTexts] = useState<Texts>(() => initialTexts(properties, item));
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const shownFields = ['quantity', 'visibility', 'borrowable', ...properties.map((property) => `values.${property.key}`)];
  const uploads = useUploadGuard();
  const [uploadProblem, setUploadProblem] = useState<{ problem: UploadProblem; attempt: number } | null>(null);
  const submit = useSubmit(async (fields) => {
    // Saving now would store the item without the file the person chose: stop and say which and why.
    const problem = uploads.firstProblem();
    setUploadProblem((last) => (problem ? { problem, attempt: (last?.attempt ?? 0) + 1 } : null));
    if (problem) return;
    const built = buildValues(properties, texts);
    setInvalid(built.invalid);
    // Refused here, each property says why; nothing is sent. The number of copies was checked before
    // (a whole number from 1, see the field's attributes): 0 or -3 is refused, never stored as 1.
    if (Object.keys(built.invalid).length > 0) throw new ApiError({ status: 0, code: 'VALIDATION_FAILED' });
    await onSubmit({
      values: built.values,
      quantity: Number(fieldText(fields, 'quantity').trim()),
      visibility: readCollectionLevel(fields.get('visibility')),
      borrowable: readLevel(fields.get('borrowable')),
    });
  });
  const { errors, busy } = submit;
  const values = useMemo(() => valuesOfTexts(properties, texts), [properties, texts]);
  const fill = useCallback(
    (filled: Record<string, unknown>) => {
      setTexts((current) => textsWithValues(properties, current, filled));
      // A property given a new value no longer shows why its old text was refused.
      setInvalid((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in filled))));
    },
    [properties],
  );
  // Once the form is enabled again, the file input that stopped the save takes the focus.
  useEffect(() => {
    if (uploadProblem && !busy) document.getElementById(uploadProblem.problem.id)?.focus();
  }, [uploadProblem, busy]);

  return (
    <UploadGuardProvider value={uploads.reporter}>
      {tools ? tools({ values, fill, disabled: readOnly || busy }) : null}
      <form className="form" onSubmit={submit.onSubmit} noValidate>
        {uploadProblem ? (
          <ErrorAlert>
            {'error' in uploadProblem.problem
              ? intl.formatMessage(messages.uploadFailed, {
                  label: uploadProblem.problem.name,
                  reason: describeError(intl, uploadProblem.problem.error),
                })
              : intl.formatMessage(messages.uploadBusy, { label: uploadProblem.problem.name })}
          </ErrorAlert>
        ) : null}
        <FormAlerts errors={errors} shownFields={shownFields} onReload={onReload} />
        <fieldset className="form__fieldset" disabled={readOnly || busy}>
          <fieldset className="form__fieldset form__group">
            <legend className="form__legend">{intl.formatMessage(messages.values)}</legend>
            {properties.length === 0 ? <p className="muted">{intl.formatMessage(messages.noProperties)}</p> : null}
            {properties.map((property) => {
              const reason = invalid[property.key];
              return (
                <ValueInput
                  key={property.id}
                  field={property}
                  texts={texts[property.key] ?? []}
                  onChange={(next) => {
                    setTexts((current) => ({ ...current, [property.key]: next }));
                    if (reason) setInvalid(({ [property.key]: _, ...rest }) => rest);
                  }}
                  disabled={readOnly || busy}
                  upload={upload}
                  error={reason ? describeValueReason(intl, reason) : errors.fieldUnder(`values.${property.key}`)}
                />
              );
            })}
          </fieldset>
          <fieldset className="form__fieldset form__group">
            <legend className="form__legend">{intl.formatMessage(messages.settings)}</legend>
            <TextField
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={ITEM_QUANTITY_MAX}
              step={1}
              label={intl.formatMessage(messages.quantity)}
              hint={intl.formatMessage(messages.quantityHint)}
              defaultValue={String(item?.quantity ?? 1)}
              error={errors.field('quantity')}
            />
            <div className="form__row">
              <LevelSelect
                name="visibility"
                label={intl.formatMessage(messages.visibility)}
                hint={intl.formatMessage(messages.visibilityHint)}
                shared
                defaultValue={item?.visibility ?? null}
                inheritLabel={intl.formatMessage(messages.inherit, {
                  level: intl.formatMessage(levelMessage(collection.visibility)),
                })}
                error={errors.field('visibility')}
              />
              <LevelSelect
                name="borrowable"
                label={intl.formatMessage(messages.borrowable)}
                defaultValue={item?.borrowable ?? null}
                inheritLabel={intl.formatMessage(messages.inherit, {
                  level: intl.formatMessage(levelMessage(collection.borrowable)),
                })}
                error={errors.field('borrowable')}
              />
            </div>
          </fieldset>
          <FormActions submitLabel={intl.formatMessage(item ? commonMessages.save : messages.create)} cancelTo={cancelTo} />
        </fieldset>
      </form>
    </UploadGuardProvider>
  );
}
