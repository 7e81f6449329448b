import { defineMessages, useIntl } from 'react-intl';
import { COLLECTION_IMAGE_MAX_BYTES } from '@shared/catalogue';
import type { Collection } from '@shared/schemas/collections';
import { ImageUploadField } from '@web/components/image-upload-field';
import { useDeleteCollectionImage } from '../api/delete-collection-image';
import { useUploadCollectionImage } from '../api/upload-collection-image';

const messages = defineMessages({
  title: { id: 'collections.collectionImage.title', defaultMessage: 'Picture' },
  current: { id: 'collections.collectionImage.current', defaultMessage: 'Current picture of the collection' },
  none: { id: 'collections.collectionImage.none', defaultMessage: 'No picture yet.' },
  file: { id: 'collections.collectionImage.file', defaultMessage: 'Picture file' },
  remove: { id: 'collections.collectionImage.remove', defaultMessage: 'Remove the picture' },
});

export function CollectionImage({ collection, readOnly }: { collection: Collection; readOnly: boolean }) {
  const intl = useIntl();
  const upload = useUploadCollectionImage(collection.id);
  const remove = useDeleteCollectionImage(collection.id);
  return (
    <section className="card" aria-labelledby="collection-image-title">
      <h2 id="collection-image-title">{intl.formatMessage(messages.title)}</h2>
      <ImageUploadField
        image={collection.image}
        maxBytes={COLLECTION_IMAGE_MAX_BYTES}
        imageClassName="collection-image-preview"
        texts={{
          current: intl.formatMessage(messages.current),
          none: intl.formatMessage(messages.none),
          file: intl.formatMessage(messages.file),
          remove: intl.formatMessage(messages.remove),
        }}
        disabled={readOnly}
        onUpload={(file) => upload.trigger(file)}
        onRemove={() => remove.trigger()}
      />
    </section>
  );
}
