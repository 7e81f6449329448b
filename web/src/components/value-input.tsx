// One input per property content type, used by item forms and by a property's default value. Values
// travel as input text (lib/value-form.ts); a multiple-value property edits an ordered list of them.
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { IntlShape, MessageDescriptor, NoMessageValues } from 'react-intl';
import { ITEM_FILE_MAX_BYTES } from '../../../shared/catalogue';
import type { PropertyType } from '../../../shared/catalogue';
import { IMAGE_MEDIA_TYPES } from '../../../shared/constants';
import { isMediaValue } from '../../../shared/values';
import { ApiError } from '../lib/api-client';
import { describeError } from '../lib/error-messages';
import { useMediaSrc } from '../lib/media-url';
import { ErrorAlert, SuccessStatus } from './alert';
import { commonMessages } from './common-messages';
import { RatingStars, ratingText } from './rating-stars';

const messages = defineMessages<{
  add: { label: string };
  entry: { label: string; position: number };
  moveUp: { label: string; position: number };
  moveDown: { label: string; position: number };
  remove: { label: string; position: number };
  picker: { label: string };
  clearRating: { label: string };
  videoAddress: { label: string };
  removeFile: { label: string };
  notRated: NoMessageValues;
  uploading: NoMessageValues;
  up: NoMessageValues;
  down: NoMessageValues;
  removeShort: NoMessageValues;
  clear: NoMessageValues;
}>({
  add: { id: 'components.valueInput.add', defaultMessage: 'Add a value to {label}' },
  entry: { id: 'components.valueInput.entry', defaultMessage: '{label} {position, number}' },
  moveUp: { id: 'components.valueInput.moveUp', defaultMessage: 'Move {label} {position, number} up' },
  moveDown: { id: 'components.valueInput.moveDown', defaultMessage: 'Move {label} {position, number} down' },
  remove: { id: 'components.valueInput.remove', defaultMessage: 'Remove {label} {position, number}' },
  picker: { id: 'components.valueInput.picker', defaultMessage: '{label}: colour picker' },
  clearRating: { id: 'components.valueInput.clearRating', defaultMessage: 'Clear {label}' },
  videoAddress: {
    id: 'components.valueInput.videoAddress',
    defaultMessage: '{label}: YouTube, Vimeo or Dailymotion address',
  },
  removeFile: { id: 'components.valueInput.removeFile', defaultMessage: 'Remove the file of {label}' },
  notRated: { id: 'components.valueInput.notRated', defaultMessage: 'Not rated' },
  uploading: { id: 'components.valueInput.uploading', defaultMessage: 'Uploading…' },
  up: { id: 'components.valueInput.up', defaultMessage: 'Up' },
  down: { id: 'components.valueInput.down', defaultMessage: 'Down' },
  removeShort: { id: 'components.valueInput.removeShort', defaultMessage: 'Remove' },
  clear: { id: 'components.valueInput.clear', defaultMessage: 'Clear' },
});

/** What a value's check can answer (shared/values.ts reasons, plus "required" for never-empty properties). */
export const valueReasonMessages = defineMessages({
  required: { id: 'components.valueInput.reason.required', defaultMessage: 'This property cannot be empty.' },
  invalid_number: { id: 'components.valueInput.reason.invalidNumber', defaultMessage: 'This is not a number.' },
  invalid_rating: {
    id: 'components.valueInput.reason.invalidRating',
    defaultMessage: 'A rating goes from 0 to 5 in halves.',
  },
  invalid_date: { id: 'components.valueInput.reason.invalidDate', defaultMessage: 'This is not a real date.' },
  invalid_datetime: {
    id: 'components.valueInput.reason.invalidDatetime',
    defaultMessage: 'This is not a real date and time.',
  },
  invalid_url: {
    id: 'components.valueInput.reason.invalidUrl',
    defaultMessage: 'Only http, https and mailto addresses are accepted.',
  },
  url_credentials: {
    id: 'components.valueInput.reason.urlCredentials',
    defaultMessage: 'An address cannot contain a user name or password.',
  },
  invalid_color: { id: 'components.valueInput.reason.invalidColor', defaultMessage: 'A colour is written #rrggbb.' },
  invalid_json: { id: 'components.valueInput.reason.invalidJson', defaultMessage: 'This is not valid JSON.' },
  invalid_media: { id: 'components.valueInput.reason.invalidMedia', defaultMessage: 'Upload the file first.' },
  invalid_video: {
    id: 'components.valueInput.reason.invalidVideo',
    defaultMessage: 'Upload a video or give a YouTube, Vimeo or Dailymotion address.',
  },
  too_big: { id: 'components.valueInput.reason.tooBig', defaultMessage: 'This value is too long.' },
  invalid_type: { id: 'components.valueInput.reason.invalidType', defaultMessage: 'This value is not valid.' },
});

export function describeValueReason(intl: IntlShape, reason: string): string {
  const descriptor: MessageDescriptor =
    (valueReasonMessages as Record<string, MessageDescriptor>)[reason] ?? valueReasonMessages.invalid_type;
  return intl.formatMessage(descriptor);
}

export interface ValueField {
  key: string;
  label: string;
  type: PropertyType;
  multiple: boolean;
  description?: string | null;
  suffix?: string | null;
}

interface ValueInputProps {
  field: ValueField;
  texts: string[];
  onChange: (texts: string[]) => void;
  error?: string;
  disabled?: boolean;
  /** Uploads a file and answers its media:// value; without it, only video addresses can be given. */
  upload?: (file: File) => Promise<string>;
}

const VIDEO_MEDIA_TYPES = ['video/mp4', 'video/webm', 'video/ogg'];
const HEX = /^#[0-9a-fA-F]{6}$/;

let nextEntryKey = 1;
const newEntryKey = () => nextEntryKey++;

/** The last segment of a media key, shown as the file's name. */
export function mediaFileName(value: string): string {
  const segments = value.split('/');
  return segments[segments.length - 1] ?? value;
}

interface ControlProps {
  field: ValueField;
  id: string;
  text: string;
  onText: (text: string) => void;
  disabled: boolean;
  describedBy: string | undefined;
  invalid: boolean;
  /** The accessible name of this entry (the label, or "label 2" in a list). */
  name: string;
  upload?: (file: File) => Promise<string>;
}

function MediaControl({ field, id, text, onText, disabled, describedBy, name, upload }: ControlProps) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ uploaded: true } | { error: unknown } | null>(null);
  const mediaSrc = useMediaSrc();
  const media = isMediaValue(text) ? mediaSrc(text) : null;
  const accept =
    field.type === 'image' ? IMAGE_MEDIA_TYPES.join(',') : field.type === 'video' ? VIDEO_MEDIA_TYPES.join(',') : undefined;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file || !upload) return;
    setOutcome(null);
    if (file.size > ITEM_FILE_MAX_BYTES) {
      setOutcome({ error: new ApiError({ status: 413, code: 'PAYLOAD_TOO_LARGE' }) });
      input.value = '';
      return;
    }
    const typeOk =
      field.type === 'image'
        ? (IMAGE_MEDIA_TYPES as readonly string[]).includes(file.type)
        : field.type === 'video'
          ? file.type.startsWith('video/')
          : true;
    if (!typeOk) {
      setOutcome({ error: new ApiError({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }) });
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      onText(await upload(file));
      setOutcome({ uploaded: true });
    } catch (error) {
      setOutcome({ error });
    } finally {
      setBusy(false);
      input.value = '';
    }
  }

  const urlInput =
    field.type === 'video' ? (
      <input
        id={upload ? undefined : id}
        type="url"
        inputMode="url"
        className="field__input"
        value={isMediaValue(text) ? '' : text}
        onChange={(event) => onText(event.target.value)}
        disabled={disabled}
        aria-label={upload ? intl.formatMessage(messages.videoAddress, { label: name }) : undefined}
        aria-describedby={describedBy}
        placeholder="https://"
      />
    ) : null;

  return (
    <div className="media-input">
      {media ? (
        <div className="media-input__current">
          {field.type === 'image' ? (
            <img className="media-input__preview" src={media} alt={name} loading="lazy" />
          ) : field.type === 'video' ? (
            <video className="media-input__preview" src={media} controls preload="metadata" />
          ) : (
            <span className="media-input__name">{mediaFileName(text)}</span>
          )}
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={disabled || busy}
            onClick={() => {
              setOutcome(null);
              onText('');
            }}
            aria-label={intl.formatMessage(messages.removeFile, { label: name })}
          >
            {intl.formatMessage(messages.removeShort)}
          </button>
        </div>
      ) : null}
      {upload ? (
        <input
          id={id}
          type="file"
          className="field__file"
          accept={accept}
          disabled={disabled || busy}
          aria-describedby={describedBy}
          onChange={(event) => void onFile(event)}
        />
      ) : null}
      {urlInput}
      {busy ? (
        <p className="muted" role="status">
          {intl.formatMessage(messages.uploading)}
        </p>
      ) : null}
      {outcome && 'uploaded' in outcome ? (
        <SuccessStatus>{intl.formatMessage(commonMessages.fileUploaded)}</SuccessStatus>
      ) : null}
      {outcome && 'error' in outcome ? (
        <ErrorAlert>
          <strong>{intl.formatMessage(commonMessages.uploadFailed)} </strong>
          {describeError(intl, outcome.error)}
        </ErrorAlert>
      ) : null}
    </div>
  );
}

function Control(props: ControlProps) {
  const intl = useIntl();
  const { field, id, text, onText, disabled, describedBy, invalid, name } = props;
  const common = {
    id,
    disabled,
    'aria-describedby': describedBy,
    'aria-invalid': invalid ? true : undefined,
    className: 'field__input',
    value: text,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onText(event.target.value),
  };
  switch (field.type) {
    case 'text':
      return <input {...common} type="text" maxLength={1000} />;
    case 'longtext':
      return <textarea {...common} className="field__input field__textarea" rows={4} maxLength={20000} />;
    case 'json':
      return (
        <textarea {...common} className="field__input field__textarea field__code" rows={5} spellCheck={false} />
      );
    case 'number':
      return (
        <span className="input-suffix">
          <input {...common} type="number" step="any" inputMode="decimal" />
          {field.suffix ? <span className="input-suffix__text">{field.suffix}</span> : null}
        </span>
      );
    case 'date':
      return <input {...common} type="date" />;
    case 'datetime':
      return <input {...common} type="datetime-local" />;
    case 'url':
      return <input {...common} type="url" inputMode="url" maxLength={2000} placeholder="https://" />;
    case 'yesno':
      return (
        <input
          id={id}
          type="checkbox"
          className="field__checkbox"
          checked={text === 'true'}
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(event) => onText(event.target.checked ? 'true' : 'false')}
        />
      );
    case 'rating': {
      const value = text === '' ? null : Number(text);
      const rated = value !== null && Number.isFinite(value);
      return (
        <span className="rating-input">
          <input
            id={id}
            type="range"
            className="rating-input__range"
            min={0}
            max={5}
            step={0.5}
            value={rated ? value : 0}
            disabled={disabled}
            aria-describedby={describedBy}
            aria-valuetext={rated ? ratingText(intl, value) : intl.formatMessage(messages.notRated)}
            onChange={(event) => onText(event.target.value)}
          />
          {rated ? <RatingStars value={value} /> : <span className="muted">{intl.formatMessage(messages.notRated)}</span>}
          {rated ? (
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={disabled}
              aria-label={intl.formatMessage(messages.clearRating, { label: name })}
              onClick={() => onText('')}
            >
              {intl.formatMessage(messages.clear)}
            </button>
          ) : null}
        </span>
      );
    }
    case 'color':
      return (
        <span className="color-input">
          <input
            type="color"
            className="color-input__picker"
            value={HEX.test(text) ? text.toLowerCase() : '#000000'}
            disabled={disabled}
            aria-label={intl.formatMessage(messages.picker, { label: name })}
            onChange={(event) => onText(event.target.value)}
          />
          <input {...common} type="text" maxLength={7} placeholder="#rrggbb" spellCheck={false} autoComplete="off" />
        </span>
      );
    case 'image':
    case 'video':
    case 'file':
      return <MediaControl {...props} />;
  }
}

export function ValueInput({ field, texts, onChange, error, disabled = false, upload }: ValueInputProps) {
  const intl = useIntl();
  const id = useId();
  const hintId = field.description ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  // Stable keys, so a moved entry keeps its DOM (and the focus on its button).
  const [keys, setKeys] = useState<number[]>(() => texts.map(() => newEntryKey()));
  const entryKeys = keys.length === texts.length ? keys : texts.map((_, index) => keys[index] ?? -index - 1);

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

  if (!field.multiple) {
    const text = texts[0] ?? '';
    const onText = (value: string) => onChange([value]);
    if (field.type === 'yesno') {
      return (
        <div className="field field--checkbox">
          <Control
            field={field}
            id={id}
            text={text}
            onText={onText}
            disabled={disabled}
            describedBy={describedBy}
            invalid={Boolean(error)}
            name={field.label}
          />
          <label className="field__label" htmlFor={id}>
            {field.label}
          </label>
          {hint}
          {errorText}
        </div>
      );
    }
    return (
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {field.label}
        </label>
        <Control
          field={field}
          id={id}
          text={text}
          onText={onText}
          disabled={disabled}
          describedBy={describedBy}
          invalid={Boolean(error)}
          name={field.label}
          upload={upload}
        />
        {hint}
        {errorText}
      </div>
    );
  }

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
                <Control
                  field={field}
                  id={entryId}
                  text={text}
                  onText={(value) => onChange(texts.map((old, i) => (i === index ? value : old)))}
                  disabled={disabled}
                  describedBy={describedBy}
                  invalid={Boolean(error)}
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
                  {intl.formatMessage(messages.removeShort)}
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
