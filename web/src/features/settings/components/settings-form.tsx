// Server configuration (docs/product.md §2): the instance's name (titles, navigation, previews, emails), its public
// address (the links emails carry), the language of a first visit, and "Enable loans" — off, every
// lending screen, link, badge and endpoint disappears and nothing is deleted; on again, everything is back.
// Each takes effect at once, without a redeploy.
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { INSTANCE_NAME_MAX_LENGTH, type DefaultLanguage, type Settings } from '@shared/schemas/settings';
import { SuccessStatus } from '@web/components/alert';
import { CheckboxField } from '@web/components/checkbox-field';
import { commonMessages } from '@web/components/common-messages';
import { FormActions } from '@web/components/form-actions';
import { FormAlerts } from '@web/components/form-alerts';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { LANGUAGE_NAMES } from '@web/i18n/locale';
import { useSubmit } from '@web/lib/use-submit';
import { useSaveSettings } from '../api/config-settings';

const messages = defineMessages({
  instanceName: { id: 'settings.settingsForm.instanceName', defaultMessage: 'Name of this instance' },
  instanceNameHint: {
    id: 'settings.settingsForm.instanceNameHint',
    defaultMessage: 'Shown in page titles, the navigation bar, shared links and emails.',
  },
  publicUrl: { id: 'settings.settingsForm.publicUrl', defaultMessage: 'Public address' },
  publicUrlHint: {
    id: 'settings.settingsForm.publicUrlHint',
    defaultMessage:
      'Where people reach this instance, for example https://books.example.org. Links in emails start with it. Empty: the address set when the instance was deployed.',
  },
  defaultLanguage: { id: 'settings.settingsForm.defaultLanguage', defaultMessage: 'Language of a first visit' },
  defaultLanguageHint: {
    id: 'settings.settingsForm.defaultLanguageHint',
    defaultMessage: 'What a visitor sees before choosing a language themselves.',
  },
  browserLanguage: { id: 'settings.settingsForm.browserLanguage', defaultMessage: 'The browser’s language' },
  loansEnabled: { id: 'settings.settingsForm.loansEnabled', defaultMessage: 'Enable loans' },
  loansEnabledHint: {
    id: 'settings.settingsForm.loansEnabledHint',
    defaultMessage:
      'Off: borrowers, loans, borrow requests, availability and reminders disappear everywhere. Nothing is deleted: turning it back on brings everything back.',
  },
  invitationsEnabled: { id: 'settings.settingsForm.invitationsEnabled', defaultMessage: 'Allow invitations by email' },
  invitationsEnabledHint: {
    id: 'settings.settingsForm.invitationsEnabledHint',
    defaultMessage:
      'On: sharing a collection with an email address that has no account sends an invitation to create one. Off: only existing users can be added, and invitation links already sent stop working (nothing is deleted).',
  },
});

const FIELDS = ['instanceName', 'publicUrl', 'defaultLanguage', 'loansEnabled', 'invitationsEnabled'];

export function SettingsForm({ settings, readOnly }: { settings: Settings; readOnly: boolean }) {
  const intl = useIntl();
  const save = useSaveSettings();
  const [saved, setSaved] = useState(false);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    setSaved(false);
    const publicUrl = String(fields.get('publicUrl') ?? '').trim();
    await save({
      instanceName: String(fields.get('instanceName') ?? ''),
      publicUrl: publicUrl === '' ? null : publicUrl,
      defaultLanguage: String(fields.get('defaultLanguage')) as DefaultLanguage,
      loansEnabled: fields.get('loansEnabled') === 'on',
      invitationsEnabled: fields.get('invitationsEnabled') === 'on',
    });
    setSaved(true);
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {saved ? <SuccessStatus>{intl.formatMessage(commonMessages.operationSucceeded)}</SuccessStatus> : null}
      <FormAlerts errors={errors} shownFields={FIELDS} />
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
        <TextField
          name="instanceName"
          label={intl.formatMessage(messages.instanceName)}
          hint={intl.formatMessage(messages.instanceNameHint)}
          defaultValue={settings.instanceName}
          maxLength={INSTANCE_NAME_MAX_LENGTH}
          required
          error={errors.field('instanceName')}
        />
        <TextField
          name="publicUrl"
          type="url"
          inputMode="url"
          autoComplete="url"
          label={intl.formatMessage(messages.publicUrl)}
          hint={intl.formatMessage(messages.publicUrlHint)}
          defaultValue={settings.publicUrl ?? ''}
          error={errors.field('publicUrl')}
        />
        <SelectField
          name="defaultLanguage"
          label={intl.formatMessage(messages.defaultLanguage)}
          hint={intl.formatMessage(messages.defaultLanguageHint)}
          defaultValue={settings.defaultLanguage}
          error={errors.field('defaultLanguage')}
        >
          <option value="browser">{intl.formatMessage(messages.browserLanguage)}</option>
          {Object.entries(LANGUAGE_NAMES).map(([locale, name]) => (
            <option key={locale} value={locale}>
              {name}
            </option>
          ))}
        </SelectField>
        <CheckboxField
          name="loansEnabled"
          label={intl.formatMessage(messages.loansEnabled)}
          hint={intl.formatMessage(messages.loansEnabledHint)}
          defaultChecked={settings.loansEnabled}
        />
        <CheckboxField
          name="invitationsEnabled"
          label={intl.formatMessage(messages.invitationsEnabled)}
          hint={intl.formatMessage(messages.invitationsEnabledHint)}
          defaultChecked={settings.invitationsEnabled}
        />
        <FormActions />
      </fieldset>
    </form>
  );
}
