import { defineMessages, useIntl } from 'react-intl';
import type { User } from '@shared/schemas/users';
import { AvatarField } from '@web/components/avatar-field';
import { useDeleteProfileAvatar } from '../api/delete-profile-avatar';
import { useUploadProfileAvatar } from '../api/upload-profile-avatar';

const messages = defineMessages({
  title: { id: 'profile.profileAvatar.title', defaultMessage: 'Avatar' },
});

export function ProfileAvatar({ profile, disabled }: { profile: User; disabled: boolean }) {
  const intl = useIntl();
  const upload = useUploadProfileAvatar();
  const remove = useDeleteProfileAvatar();
  return (
    <section className="card" aria-labelledby="profile-avatar-title">
      <h2 id="profile-avatar-title">{intl.formatMessage(messages.title)}</h2>
      <AvatarField
        avatar={profile.avatar}
        disabled={disabled}
        onUpload={(file) => upload.trigger(file)}
        onRemove={() => remove.trigger()}
      />
    </section>
  );
}
