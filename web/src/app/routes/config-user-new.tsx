import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { DemoNotice } from '../../components/demo-notice';
import { useCreateUser } from '../../features/users/api/create-user';
import { UserForm } from '../../features/users/components/user-form';
import { paths } from '../../lib/paths';
import type { Flash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';

const messages = defineMessages({
  title: { id: 'app.configUserNew.title', defaultMessage: 'New user' },
});

export default function ConfigUserNewRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const { trigger } = useCreateUser();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  return (
    <section className="card" aria-labelledby="config-user-new-title">
      <h2 id="config-user-new-title">{title}</h2>
      {demo ? <DemoNotice /> : null}
      <UserForm
        readOnly={demo}
        onSubmit={async (input) => {
          await trigger(input);
          const flash: Flash = 'operationSucceeded';
          void navigate(paths.configUsers, { state: { flash } });
        }}
      />
    </section>
  );
}
