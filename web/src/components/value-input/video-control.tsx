// A video: an uploaded file, or the address of a YouTube, Vimeo or Dailymotion video.
import { defineMessages, useIntl } from 'react-intl';
import { isMediaValue } from '@shared/values';
import type { ControlProps } from './control-props';
import { MediaUpload } from './media-upload';

const messages = defineMessages<{ videoAddress: { label: string } }>({
  videoAddress: {
    id: 'components.valueInput.videoAddress',
    defaultMessage: '{label}: YouTube, Vimeo or Dailymotion address',
  },
});

export function VideoControl(props: ControlProps) {
  const intl = useIntl();
  const { id, text, onText, disabled, describedBy, name, upload } = props;
  return (
    <MediaUpload {...props}>
      <input
        // Without uploads, the address is the entry's only input and takes the label.
        id={upload ? undefined : id}
        type="url"
        inputMode="url"
        className="field__input"
        value={isMediaValue(text) ? '' : text}
        onChange={(event) => onText(event.target.value)}
        disabled={disabled}
        aria-label={upload ? intl.formatMessage(messages.videoAddress, { label: name }) : undefined}
        aria-describedby={describedBy}
        placeholder="https://"
      />
    </MediaUpload>
  );
}
