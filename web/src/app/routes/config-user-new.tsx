import { defineMessages, useIntl } from 'react-intl';
import { FormScreen } from '@web/components/screen';
import { useCreateUser } from '@web/features/users/api/create-user';
import { UserForm } from '@web/features/users/components/user-form';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';

const messages = defineMessages({
  title: { id: 'app.configUserNew.title', defaultMessage: 'New user' },
});

export default function ConfigUserNewRoute() {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const demo = useDemoMode();
  const { trigger } = useCreateUser();
  return (
    <FormScreen title={intl.formatMessage(messages.title)} headingLevel={2}>
      <UserForm
        readOnly={demo}
        onSubmit={async (input) => {
          await trigger(input);
          navigateWithFlash(paths.configUsers());
        }}
      />
    </FormScreen>
  );
}
