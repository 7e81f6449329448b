// Server configuration (spec §2): "Enable loans" — off, every lending screen, link, badge and endpoint
// disappears and nothing is deleted; on again, everything is back.
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Settings } from '../../../../../shared/schemas/settings';
import { SuccessStatus } from '../../../components/alert';
import { CheckboxField } from '../../../components/checkbox-field';
import { commonMessages } from '../../../components/common-messages';
import { FormActions } from '../../../components/form-actions';
import { FormAlerts } from '../../../components/form-alerts';
import { useSubmit } from '../../../lib/use-submit';
import { useSaveSettings } from '../api/config-settings';

const messages = defineMessages({
  loansEnabled: { id: 'settings.settingsForm.loansEnabled', defaultMessage: 'Enable loans' },
  loansEnabledHint: {
    id: 'settings.settingsForm.loansEnabledHint',
    defaultMessage:
      'Off: borrowers, loans, borrow requests, availability and reminders disappear everywhere. Nothing is deleted: turning it back on brings everything back.',
  },
});

export function SettingsForm({ settings, readOnly }: { settings: Settings; readOnly: boolean }) {
  const intl = useIntl();
  const save = useSaveSettings();
  const [saved, setSaved] = useState(false);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    setSaved(false);
    await save({ loansEnabled: fields.get('loansEnabled') === 'on' });
    setSaved(true);
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {saved ? <SuccessStatus>{intl.formatMessage(commonMessages.operationSucceeded)}</SuccessStatus> : null}
      <FormAlerts errors={errors} shownFields={['loansEnabled']} />
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
        <CheckboxField
          name="loansEnabled"
          label={intl.formatMessage(messages.loansEnabled)}
          hint={intl.formatMessage(messages.loansEnabledHint)}
          defaultChecked={settings.loansEnabled}
        />
        <FormActions />
      </fieldset>
    </form>
  );
}
