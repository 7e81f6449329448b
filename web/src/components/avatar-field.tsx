// Avatar upload and removal, shared by "My profile" and the administrator's user form.
import { defineMessages, useIntl } from 'react-intl';
import { AVATAR_MAX_BYTES } from '@shared/constants';
import { ImageUploadField } from './image-upload-field';

const messages = defineMessages({
  current: { id: 'components.avatarField.current', defaultMessage: 'Current avatar' },
  none: { id: 'components.avatarField.none', defaultMessage: 'No avatar yet.' },
  file: { id: 'components.avatarField.file', defaultMessage: 'Picture file' },
  remove: { id: 'components.avatarField.remove', defaultMessage: 'Remove avatar' },
});

interface AvatarFieldProps {
  /** media://<key> or null. */
  avatar: string | null;
  disabled?: boolean;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}

export function AvatarField({ avatar, disabled = false, onUpload, onRemove }: AvatarFieldProps) {
  const intl = useIntl();
  return (
    <ImageUploadField
      image={avatar}
      maxBytes={AVATAR_MAX_BYTES}
      imageClassName="avatar avatar--large"
      texts={{
        current: intl.formatMessage(messages.current),
        none: intl.formatMessage(messages.none),
        file: intl.formatMessage(messages.file),
        remove: intl.formatMessage(messages.remove),
      }}
      disabled={disabled}
      onUpload={onUpload}
      onRemove={onRemove}
    />
  );
}
