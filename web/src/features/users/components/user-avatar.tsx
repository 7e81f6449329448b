import { defineMessages, useIntl } from 'react-intl';
import type { User } from '@shared/schemas/users';
import { AvatarField } from '@web/components/avatar-field';
import { useDeleteUserAvatar } from '../api/delete-user-avatar';
import { useUploadUserAvatar } from '../api/upload-user-avatar';

const messages = defineMessages({
  title: { id: 'users.userAvatar.title', defaultMessage: 'Avatar' },
});

export function UserAvatar({ user, readOnly }: { user: User; readOnly: boolean }) {
  const intl = useIntl();
  const upload = useUploadUserAvatar(user.id);
  const remove = useDeleteUserAvatar(user.id);
  return (
    <section className="card" aria-labelledby="user-avatar-title">
      <h2 id="user-avatar-title">{intl.formatMessage(messages.title)}</h2>
      <AvatarField avatar={user.avatar} disabled={readOnly} onUpload={(file) => upload.trigger(file)} onRemove={() => remove.trigger()} />
    </section>
  );
}
