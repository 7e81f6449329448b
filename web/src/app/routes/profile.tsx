import { defineMessages, useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router-dom';
import type { Profile } from '@shared/schemas/users';
import { DemoNotice } from '@web/components/demo-notice';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { useProfile } from '@web/features/profile/api/get-profile';
import { AccountArchives } from '@web/features/profile/components/account-archives';
import { ChangePasswordForm } from '@web/features/profile/components/change-password-form';
import { ProfileAvatar } from '@web/features/profile/components/profile-avatar';
import { ProfileDetailsForm } from '@web/features/profile/components/profile-details-form';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { useSession } from '@web/lib/use-session';

const messages = defineMessages({
  title: { id: 'app.profile.title', defaultMessage: 'My profile' },
});

export default function ProfileRoute() {
  const intl = useIntl();
  const location = useLocation();
  const session = useSession();
  const demo = useDemoMode();
  const { data, error } = useProfile(session !== null);
  const title = intl.formatMessage(messages.title);

  if (!session) return <Navigate to={paths.login()} replace state={{ from: location.pathname }} />;
  return (
    <Screen title={title}>
      {error ? <PageError error={error} /> : data ? <ProfileSections profile={data} demo={demo} title={title} /> : <Loading />}
    </Screen>
  );
}

function ProfileSections({ profile, demo, title }: { profile: Profile; demo: boolean; title: string }) {
  return (
    <>
      <h1>{title}</h1>
      {demo ? <DemoNotice /> : null}
      <div className="grid grid--two">
        <ProfileDetailsForm profile={profile} disabled={demo} />
        <ProfileAvatar profile={profile} disabled={demo} />
      </div>
      <ChangePasswordForm disabled={demo} />
      <AccountArchives disabled={demo} />
    </>
  );
}
