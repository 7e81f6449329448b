// Custom configuration keys (docs/product.md §2, Configuration): the list, a form that adds a key or changes the one
// chosen for editing, and a delete that asks once more. Names are lower-case words joined by dots,
// dashes or underscores; the server checks them again. Demo mode shows the list and changes nothing.
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { CONFIG_KEY_NAME_MAX_LENGTH, CONFIG_VALUE_MAX_LENGTH } from '@shared/schemas/settings';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { Button } from '@web/components/button';
import { FormAlerts } from '@web/components/form-alerts';
import { Loading } from '@web/components/loading';
import { TextField } from '@web/components/text-field';
import { TextareaField } from '@web/components/textarea-field';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import { useSubmit } from '@web/lib/use-submit';
import { useConfigKeyChanges, useConfigKeys } from '../api/config-keys';

type Named = { name: string };
const messages = defineMessages<{
  title: NoMessageValues;
  intro: NoMessageValues;
  none: NoMessageValues;
  name: NoMessageValues;
  nameHint: NoMessageValues;
  value: NoMessageValues;
  actions: NoMessageValues;
  add: NoMessageValues;
  save: NoMessageValues;
  cancel: NoMessageValues;
  edit: Named;
  delete: Named;
  confirmDelete: Named;
  added: Named;
  deleted: Named;
}>({
  title: { id: 'settings.configKeys.title', defaultMessage: 'Custom configuration keys' },
  intro: {
    id: 'settings.configKeys.intro',
    defaultMessage: 'Entries modules read by name. A change takes effect at once.',
  },
  none: { id: 'settings.configKeys.none', defaultMessage: 'No custom keys yet.' },
  name: { id: 'settings.configKeys.name', defaultMessage: 'Name' },
  nameHint: {
    id: 'settings.configKeys.nameHint',
    defaultMessage: 'Lower-case letters and digits, words joined by a dot, a dash or an underscore: isbn.lookup-timeout',
  },
  value: { id: 'settings.configKeys.value', defaultMessage: 'Value' },
  actions: { id: 'settings.configKeys.actions', defaultMessage: 'Actions' },
  add: { id: 'settings.configKeys.add', defaultMessage: 'Add the key' },
  save: { id: 'settings.configKeys.save', defaultMessage: 'Save the value' },
  cancel: { id: 'settings.configKeys.cancel', defaultMessage: 'Cancel' },
  edit: { id: 'settings.configKeys.edit', defaultMessage: 'Edit {name}' },
  delete: { id: 'settings.configKeys.delete', defaultMessage: 'Delete {name}' },
  confirmDelete: { id: 'settings.configKeys.confirmDelete', defaultMessage: 'Really delete {name}' },
  added: { id: 'settings.configKeys.added', defaultMessage: 'Key {name} saved.' },
  deleted: { id: 'settings.configKeys.deleted', defaultMessage: 'Key {name} deleted.' },
});

export function ConfigKeys({ readOnly }: { readOnly: boolean }) {
  const intl = useIntl();
  const { data, error } = useConfigKeys();
  const { save, remove } = useConfigKeyChanges();
  const [editing, setEditing] = useState<{ name: string; value: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Each edit gets a fresh form, so its fields start from the chosen key.
  const [formKey, setFormKey] = useState(0);

  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    setDone(null);
    const name = editing?.name ?? String(fields.get('name') ?? '').trim();
    await save(name, String(fields.get('value') ?? ''));
    setDone(intl.formatMessage(messages.added, { name }));
    setEditing(null);
    setFormKey((n) => n + 1);
  });
  const deletion = useAction(async (name: string) => {
    setDone(null);
    await remove(name);
    setConfirming(null);
    setDone(intl.formatMessage(messages.deleted, { name }));
  });

  const keys = data?.keys ?? [];
  return (
    <section className="stack" aria-labelledby="config-keys-title">
      <h3 id="config-keys-title">{intl.formatMessage(messages.title)}</h3>
      <p className="muted">{intl.formatMessage(messages.intro)}</p>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      {deletion.error ? <ErrorAlert>{describeError(intl, deletion.error)}</ErrorAlert> : null}
      {done ? <SuccessStatus>{done}</SuccessStatus> : null}
      {!data && !error ? <Loading /> : null}
      {data && keys.length === 0 ? <p className="muted">{intl.formatMessage(messages.none)}</p> : null}
      {keys.length > 0 ? (
        <div className="table-wrap">
          <table className="table table--stack config-keys">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(messages.name)}</th>
                <th scope="col">{intl.formatMessage(messages.value)}</th>
                {readOnly ? null : <th scope="col">{intl.formatMessage(messages.actions)}</th>}
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.name}>
                  <td data-label={intl.formatMessage(messages.name)}>
                    <code>{key.name}</code>
                  </td>
                  <td data-label={intl.formatMessage(messages.value)} className="config-keys__value">
                    {key.value}
                  </td>
                  {readOnly ? null : (
                    <td data-label={intl.formatMessage(messages.actions)}>
                      <div className="cluster">
                        <Button
                          variant="secondary"
                          icon={Pencil}
                          onClick={() => {
                            setEditing({ name: key.name, value: key.value });
                            setFormKey((n) => n + 1);
                          }}
                        >
                          {intl.formatMessage(messages.edit, { name: key.name })}
                        </Button>
                        {confirming === key.name ? (
                          <Button variant="danger" icon={Trash2} disabled={deletion.busy} onClick={() => void deletion.run(key.name)}>
                            {intl.formatMessage(messages.confirmDelete, { name: key.name })}
                          </Button>
                        ) : (
                          <Button variant="secondary" icon={Trash2} onClick={() => setConfirming(key.name)}>
                            {intl.formatMessage(messages.delete, { name: key.name })}
                          </Button>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {readOnly ? null : (
        <form key={formKey} className="form" onSubmit={onSubmit} noValidate>
          <FormAlerts errors={errors} shownFields={['name', 'value']} />
          <fieldset className="form__fieldset" disabled={busy}>
            <TextField
              name="name"
              label={intl.formatMessage(messages.name)}
              hint={intl.formatMessage(messages.nameHint)}
              defaultValue={editing?.name ?? ''}
              readOnly={editing !== null}
              required
              maxLength={CONFIG_KEY_NAME_MAX_LENGTH}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              error={errors.field('name')}
            />
            <TextareaField
              name="value"
              label={intl.formatMessage(messages.value)}
              defaultValue={editing?.value ?? ''}
              maxLength={CONFIG_VALUE_MAX_LENGTH}
              rows={2}
              error={errors.field('value')}
            />
            <div className="cluster">
              <Button type="submit">{intl.formatMessage(editing ? messages.save : messages.add)}</Button>
              {editing ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setEditing(null);
                    setFormKey((n) => n + 1);
                  }}
                >
                  {intl.formatMessage(messages.cancel)}
                </Button>
              ) : null}
            </div>
          </fieldset>
        </form>
      )}
    </section>
  );
}
