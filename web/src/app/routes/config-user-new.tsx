import { defineMessages, useIntl } from 'react-intl';
import { FormScreen } from '../../components/screen';
import { useCreateUser } from '../../features/users/api/create-user';
import { UserForm } from '../../features/users/components/user-form';
import { useNavigateWithFlash } from '../../lib/flash';
import { paths } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';

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
