// Create or edit a collection: type (a template or a custom slug), name, description, tags, visibility
// and who can borrow.
import {
  LOAN_PERIOD_DAYS_DEFAULT,
  LOAN_PERIOD_DAYS_MAX,
  REMINDER_DAYS_DEFAULT,
  REMINDER_DAYS_MAX,
  OFFER_DAYS_DEFAULT,
  OFFER_DAYS_MAX,
} from '@shared/lending';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_NAME_MAX_LENGTH,
  COLLECTION_TYPE_MAX_LENGTH,
  COLLECTION_TYPE_PATTERN,
  COLLECTION_TYPES,
  MAX_TAGS,
} from '@shared/catalogue';
import type { Collection, CreateCollectionInput } from '@shared/schemas/collections';
import { commonMessages } from '@web/components/common-messages';
import { FormActions } from '@web/components/form-actions';
import { FormAlerts } from '@web/components/form-alerts';
import { LevelSelect, readCollectionLevel, readLevel } from '@web/components/level-select';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { TextareaField } from '@web/components/textarea-field';
import { ApiError } from '@web/lib/api-client';
import { fieldText, useSubmit } from '@web/lib/use-submit';
import { parseTags } from '../tags';
import { collectionTypeMessages, isTemplateType } from './collection-type';

const messages = defineMessages({
  type: { id: 'collections.collectionForm.type', defaultMessage: 'Type' },
  typeHint: {
    id: 'collections.collectionForm.typeHint',
    defaultMessage: 'Books, comics, movies and board games come with ready-made properties.',
  },
  customType: { id: 'collections.collectionForm.customType', defaultMessage: 'Custom type' },
  customTypeHint: {
    id: 'collections.collectionForm.customTypeHint',
    defaultMessage: 'Lower-case letters, digits, dashes and underscores, for example vinyls.',
  },
  name: { id: 'collections.collectionForm.name', defaultMessage: 'Name' },
  description: { id: 'collections.collectionForm.description', defaultMessage: 'Description' },
  tags: { id: 'collections.collectionForm.tags', defaultMessage: 'Tags' },
  visibility: { id: 'collections.collectionForm.visibility', defaultMessage: 'Visibility' },
  visibilityHint: {
    id: 'collections.collectionForm.visibilityHint',
    defaultMessage: 'Who can see this collection and its items.',
  },
  borrowable: { id: 'collections.collectionForm.borrowable', defaultMessage: 'Who can borrow' },
  borrowableHint: {
    id: 'collections.collectionForm.borrowableHint',
    defaultMessage: 'The default for its items; each item can change it.',
  },
  create: { id: 'collections.collectionForm.create', defaultMessage: 'Create the collection' },
});

const valued = defineMessages<{ tagsHint: { max: number }; tagsCount: { count: number; max: number } }>({
  tagsHint: {
    id: 'collections.collectionForm.tagsHint',
    defaultMessage: 'Separated by commas, {max, number} at most.',
  },
  tagsCount: {
    id: 'collections.collectionForm.tagsCount',
    defaultMessage: '{count, plural, one {# tag} other {# tags}} of {max, number}.',
  },
});

const lendingMessages = defineMessages({
  loanPeriodDays: { id: 'collections.collectionForm.loanPeriodDays', defaultMessage: 'Loan period (days)' },
  loanPeriodDaysHint: {
    id: 'collections.collectionForm.loanPeriodDaysHint',
    defaultMessage: 'A new loan is due back this many days after it is lent.',
  },
  reminderDays: { id: 'collections.collectionForm.reminderDays', defaultMessage: 'Remind borrowers (days before)' },
  reminderDaysHint: {
    id: 'collections.collectionForm.reminderDaysHint',
    defaultMessage: 'Borrowers get a reminder this many days before the due date; 0: no reminder.',
  },
  offerDays: { id: 'collections.collectionForm.offerDays', defaultMessage: 'Days to answer an offer' },
  offerDaysHint: {
    id: 'collections.collectionForm.offerDaysHint',
    defaultMessage: 'When a copy comes back, the next in the waiting list has this many days to accept it.',
  },
});

const OTHER = 'other';
const FIELDS = ['type', 'name', 'description', 'tags', 'visibility', 'borrowable', 'loanPeriodDays', 'reminderDays', 'offerDays'];

interface CollectionFormProps {
  collection?: Collection;
  readOnly: boolean;
  cancelTo: string;
  onSubmit: (input: CreateCollectionInput) => Promise<unknown>;
  /** Offered when someone else's edit refused this one (409 STALE_WRITE). */
  onReload?: () => void;
  /** More choices before the buttons (a new collection's "import a file next"). */
  extra?: ReactNode;
}

export function CollectionForm({ collection, readOnly, cancelTo, onSubmit, onReload, extra }: CollectionFormProps) {
  const intl = useIntl();
  const initialType = collection ? (isTemplateType(collection.type) ? collection.type : OTHER) : 'books';
  const [type, setType] = useState<string>(initialType);
  const [tagCount, setTagCount] = useState(() => collection?.tags.length ?? 0);
  const submit = useSubmit(
    (fields) => {
      const text = (name: string) => fieldText(fields, name).trim();
      const tags = parseTags(text('tags'));
      if (tags.length > MAX_TAGS) {
        throw new ApiError({
          status: 0,
          code: 'VALIDATION_FAILED',
          fields: [{ path: 'tags', reason: 'too_big', origin: 'array', maximum: MAX_TAGS, message: '' }],
        });
      }
      return onSubmit({
        type: type === OTHER ? text('customType').toLowerCase() : type,
        name: text('name'),
        description: text('description') || null,
        tags,
        visibility: readCollectionLevel(fields.get('visibility')) ?? 0,
        borrowable: readLevel(fields.get('borrowable')) ?? 3,
        loanPeriodDays: Number(text('loanPeriodDays')),
        reminderDays: Number(text('reminderDays')),
        offerDays: Number(text('offerDays')),
      });
    },
    undefined,
    { subject: 'collection' },
  );
  const { errors, busy } = submit;

  return (
    <form className="form" onSubmit={submit.onSubmit} noValidate>
      <FormAlerts errors={errors} shownFields={FIELDS} onReload={onReload} />
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
        <div className="form__row">
          <SelectField
            name="type"
            label={intl.formatMessage(messages.type)}
            hint={intl.formatMessage(messages.typeHint)}
            value={type}
            onChange={(event) => setType(event.target.value)}
            error={type === OTHER ? undefined : errors.field('type')}
          >
            {COLLECTION_TYPES.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage(collectionTypeMessages[value])}
              </option>
            ))}
            <option value={OTHER}>{intl.formatMessage(collectionTypeMessages.other)}</option>
          </SelectField>
          {type === OTHER ? (
            <TextField
              name="customType"
              label={intl.formatMessage(messages.customType)}
              hint={intl.formatMessage(messages.customTypeHint)}
              defaultValue={collection && !isTemplateType(collection.type) ? collection.type : ''}
              required
              maxLength={COLLECTION_TYPE_MAX_LENGTH}
              pattern={COLLECTION_TYPE_PATTERN}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              error={errors.field('type')}
            />
          ) : null}
        </div>
        <TextField
          name="name"
          label={intl.formatMessage(messages.name)}
          defaultValue={collection?.name ?? ''}
          required
          maxLength={COLLECTION_NAME_MAX_LENGTH}
          error={errors.field('name')}
        />
        <TextareaField
          name="description"
          label={intl.formatMessage(messages.description)}
          defaultValue={collection?.description ?? ''}
          maxLength={COLLECTION_DESCRIPTION_MAX_LENGTH}
          error={errors.field('description')}
        />
        <TextField
          name="tags"
          label={intl.formatMessage(messages.tags)}
          hint={
            <>
              {intl.formatMessage(valued.tagsHint, { max: MAX_TAGS })}{' '}
              <span className={tagCount > MAX_TAGS ? 'field__counter--over' : undefined} aria-live="polite">
                {intl.formatMessage(valued.tagsCount, { count: tagCount, max: MAX_TAGS })}
              </span>
            </>
          }
          defaultValue={collection?.tags.join(', ') ?? ''}
          onChange={(event) => setTagCount(parseTags(event.target.value).length)}
          autoComplete="off"
          error={errors.fieldUnder('tags')}
        />
        <div className="form__row">
          <LevelSelect
            name="visibility"
            label={intl.formatMessage(messages.visibility)}
            hint={intl.formatMessage(messages.visibilityHint)}
            defaultValue={collection?.visibility ?? 0}
            error={errors.field('visibility')}
            shared
          />
          <LevelSelect
            name="borrowable"
            label={intl.formatMessage(messages.borrowable)}
            hint={intl.formatMessage(messages.borrowableHint)}
            defaultValue={collection?.borrowable ?? 3}
            error={errors.field('borrowable')}
          />
        </div>
        <div className="form__row">
          <TextField
            name="loanPeriodDays"
            type="number"
            inputMode="numeric"
            step="1"
            min={1}
            max={LOAN_PERIOD_DAYS_MAX}
            label={intl.formatMessage(lendingMessages.loanPeriodDays)}
            hint={intl.formatMessage(lendingMessages.loanPeriodDaysHint)}
            defaultValue={collection?.loanPeriodDays ?? LOAN_PERIOD_DAYS_DEFAULT}
            required
            error={errors.field('loanPeriodDays')}
          />
          <TextField
            name="reminderDays"
            type="number"
            inputMode="numeric"
            step="1"
            min={0}
            max={REMINDER_DAYS_MAX}
            label={intl.formatMessage(lendingMessages.reminderDays)}
            hint={intl.formatMessage(lendingMessages.reminderDaysHint)}
            defaultValue={collection?.reminderDays ?? REMINDER_DAYS_DEFAULT}
            required
            error={errors.field('reminderDays')}
          />
          <TextField
            name="offerDays"
            type="number"
            inputMode="numeric"
            step="1"
            min={1}
            max={OFFER_DAYS_MAX}
            label={intl.formatMessage(lendingMessages.offerDays)}
            hint={intl.formatMessage(lendingMessages.offerDaysHint)}
            defaultValue={collection?.offerDays ?? OFFER_DAYS_DEFAULT}
            required
            error={errors.field('offerDays')}
          />
        </div>
        {extra}
        <FormActions submitLabel={intl.formatMessage(collection ? commonMessages.save : messages.create)} cancelTo={cancelTo} />
      </fieldset>
    </form>
  );
}
